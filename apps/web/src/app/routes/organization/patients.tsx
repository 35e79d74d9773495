import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { listLoadFailedText } from '../../../components/paged-table/list-messages.ts';
import { PatientList } from '../../../features/patients/components/patient-list.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';

/** /organization/patients: every patient of the organization (clinician-portal §2.10, §6). */
export default function OrganizationPatientsRoute() {
  const organizationId = useCurrentUser()?.organizationId;
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Organization Patients
      </Typography>
      {organizationId ? (
        <PatientList organizationId={organizationId} />
      ) : (
        // Without the organization claim the list cannot be scoped; the token is wrong, not the list.
        <Alert severity="error">{listLoadFailedText}</Alert>
      )}
    </Box>
  );
}
