import { PrivacyPage } from '../../../features/public-pages/components/privacy-page.tsx';

export default PrivacyPage;
