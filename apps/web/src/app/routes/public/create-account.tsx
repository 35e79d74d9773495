import { CreateAccountPage } from '../../../features/accounts/components/create-account/create-account-page.tsx';

export default CreateAccountPage;
