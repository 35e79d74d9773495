import { TermsPage } from '../../../features/public-pages/components/terms-page.tsx';

export default TermsPage;
