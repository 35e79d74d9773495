import { PatientsScreen } from '../../../features/patients/components/patients-screen.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';

/** Home and /patients: the provider's own patients, scoped by the id token's provider claim. */
export function PatientsRoute() {
  const user = useCurrentUser();
  return <PatientsScreen healthcareProviderId={user?.healthcareProviderId ?? null} />;
}
