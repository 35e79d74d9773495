import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { listLoadFailedText, PatientList } from './patient-list.tsx';

/**
 * The home screen for signed-in providers. The spec's 'Add new patient' button is left out until
 * the add-patient dialog exists.
 */
export function PatientsScreen({ healthcareProviderId }: { healthcareProviderId: string | null }) {
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Patients
      </Typography>
      {healthcareProviderId ? (
        <PatientList healthcareProviderId={healthcareProviderId} />
      ) : (
        // Without the provider claim the list cannot be scoped; the token is wrong, not the list.
        <Alert severity="error">{listLoadFailedText}</Alert>
      )}
    </Box>
  );
}
