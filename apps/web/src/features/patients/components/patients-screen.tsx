import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Notify } from './notify.ts';
import { AddPatientButton } from './patient-actions.tsx';
import { listLoadFailedText, PatientList } from './patient-list.tsx';

type PatientsScreenProps = { healthcareProviderId: string | null; notify: Notify };

/** The home screen for signed-in providers (clinician-portal §2.8). */
export function PatientsScreen({ healthcareProviderId, notify }: PatientsScreenProps) {
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 3 }}>
        <Typography variant="h4" component="h1">
          Patients
        </Typography>
        {healthcareProviderId && <AddPatientButton notify={notify} />}
      </Box>
      {healthcareProviderId ? (
        <PatientList
          healthcareProviderId={healthcareProviderId}
          notify={notify}
          emptyAction={<AddPatientButton notify={notify} />}
        />
      ) : (
        // Without the provider claim the list cannot be scoped; the token is wrong, not the list.
        <Alert severity="error">{listLoadFailedText}</Alert>
      )}
    </Box>
  );
}
