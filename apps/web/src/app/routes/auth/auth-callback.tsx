import { AuthCallbackPage } from '../../../features/auth/components/auth-callback-page.tsx';

export default AuthCallbackPage;
