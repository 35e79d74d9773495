import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { listLoadFailedText } from '../../../components/paged-table/list-messages.ts';
import { OrganizationExams } from '../../../features/exams/components/organization-exams.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';

/** /organization/exams: 'My Exams' or, with all=true, every exam of the organization (clinician-portal §2.10). */
export default function OrganizationExamsRoute() {
  const healthcareProviderId = useCurrentUser()?.healthcareProviderId;
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Exams
      </Typography>
      {healthcareProviderId ? (
        <OrganizationExams healthcareProviderId={healthcareProviderId} />
      ) : (
        <Alert severity="error">{listLoadFailedText}</Alert>
      )}
    </Box>
  );
}
