import { UnexpectedErrorAlert } from '../../../features/accounts/components/profile/unexpected-error-alert.tsx';
import { PersonalInfoEdit } from '../../../features/accounts/components/profile/personal-info-edit.tsx';
import { useOwnProviderId } from '../../../features/accounts/hooks/use-own-provider-id.ts';

/** Profile and settings: editing the names of the signed-in provider (clinician-portal §2.7). */
export default function PersonalInfoEditRoute() {
  const providerId = useOwnProviderId();
  return providerId ? <PersonalInfoEdit providerId={providerId} /> : <UnexpectedErrorAlert />;
}
