import { UnexpectedErrorAlert } from '../../../features/accounts/components/profile/unexpected-error-alert.tsx';
import { EmailAddressForm } from '../../../features/accounts/components/profile/email-address-form.tsx';
import { useOwnProviderId } from '../../../features/accounts/hooks/use-own-provider-id.ts';

/** Profile and settings: changing the sign-in address of the signed-in provider (clinician-portal §2.7). */
export default function EmailAddressRoute() {
  const providerId = useOwnProviderId();
  return providerId ? <EmailAddressForm providerId={providerId} /> : <UnexpectedErrorAlert />;
}
