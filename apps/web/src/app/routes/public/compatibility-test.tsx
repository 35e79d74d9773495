import { CompatibilityTestPage } from '../../../features/compatibility-test/components/compatibility-test-page.tsx';

export default CompatibilityTestPage;
