import { SignOutPage } from '../../../features/auth/components/sign-out-page.tsx';

export default SignOutPage;
