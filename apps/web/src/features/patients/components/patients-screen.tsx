import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { AddPatientButton } from './patient-actions.tsx';
import { listLoadFailedText } from '../../../components/paged-table/list-messages.ts';
import { PatientList } from './patient-list.tsx';

type PatientsScreenProps = { healthcareProviderId: string | null };

/** The home screen for signed-in providers (clinician-portal §2.8). */
export function PatientsScreen({ healthcareProviderId }: PatientsScreenProps) {
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 3 }}>
        <Typography variant="h4" component="h1">
          Patients
        </Typography>
        {healthcareProviderId && <AddPatientButton />}
      </Box>
      {healthcareProviderId ? (
        <PatientList healthcareProviderId={healthcareProviderId} emptyAction={<AddPatientButton />} />
      ) : (
        // Without the provider claim the list cannot be scoped; the token is wrong, not the list.
        <Alert severity="error">{listLoadFailedText}</Alert>
      )}
    </Box>
  );
}
