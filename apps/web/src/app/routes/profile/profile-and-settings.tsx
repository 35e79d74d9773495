import { ProfileLayout } from '../../../features/accounts/components/profile/profile-layout.tsx';

export default ProfileLayout;
