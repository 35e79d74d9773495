import { useMemo } from 'react';
import { PatientRowActionsContext } from '../../../features/patients/components/patient-row-actions.ts';
import { PatientsScreen } from '../../../features/patients/components/patients-screen.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useInPersonExam } from './use-in-person-exam.tsx';

/** Home and /patients: the provider's own patients, scoped by the id token's provider claim. */
export function PatientsRoute() {
  const user = useCurrentUser();
  const inPersonExam = useInPersonExam();
  const actions = useMemo(() => ({ startInPersonExam: inPersonExam.start }), [inPersonExam.start]);
  return (
    <PatientRowActionsContext.Provider value={actions}>
      <PatientsScreen healthcareProviderId={user?.healthcareProviderId ?? null} />
      {inPersonExam.dialog}
    </PatientRowActionsContext.Provider>
  );
}
