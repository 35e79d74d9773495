import { UnexpectedErrorAlert } from '../../../features/accounts/components/profile/unexpected-error-alert.tsx';
import { PasswordForm } from '../../../features/accounts/components/profile/password-form.tsx';
import { useOwnProviderId } from '../../../features/accounts/hooks/use-own-provider-id.ts';

/** Profile and settings: changing the password of the signed-in provider (clinician-portal §2.7). */
export default function PasswordRoute() {
  const providerId = useOwnProviderId();
  return providerId ? <PasswordForm providerId={providerId} /> : <UnexpectedErrorAlert />;
}
