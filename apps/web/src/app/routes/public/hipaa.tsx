import { HipaaPage } from '../../../features/public-pages/components/hipaa-page.tsx';

export default HipaaPage;
