import { PatientsScreen } from '../../../features/patients/components/patients-screen.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useNotify } from './use-notify.ts';

/** Home and /patients: the provider's own patients, scoped by the id token's provider claim. */
export function PatientsRoute() {
  const user = useCurrentUser();
  const notify = useNotify();
  return <PatientsScreen healthcareProviderId={user?.healthcareProviderId ?? null} notify={notify} />;
}
