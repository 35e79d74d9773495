import { SignedOutPage } from '../../../features/auth/components/signed-out-page.tsx';

export default SignedOutPage;
