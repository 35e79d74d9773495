import { UnexpectedErrorAlert } from '../../../features/accounts/components/profile/unexpected-error-alert.tsx';
import { PersonalInfoView } from '../../../features/accounts/components/profile/personal-info-view.tsx';
import { useOwnProviderId } from '../../../features/accounts/hooks/use-own-provider-id.ts';

/** Profile and settings: the read-only personal information of the signed-in provider (clinician-portal §2.7). */
export default function PersonalInfoRoute() {
  const providerId = useOwnProviderId();
  return providerId ? <PersonalInfoView providerId={providerId} /> : <UnexpectedErrorAlert />;
}
