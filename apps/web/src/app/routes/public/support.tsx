import { SupportPage } from '../../../features/public-pages/components/support-page.tsx';

export default SupportPage;
