import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { listLoadFailedText } from '../../../components/paged-table/list-messages.ts';
import { ProviderExams } from '../../../features/exams/components/provider-exams.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';

/** /exams: the provider's exams of the four kinds (clinician-portal §1, §2.1, §3). */
export default function ExamsRoute() {
  const healthcareProviderId = useCurrentUser()?.healthcareProviderId;
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Exams
      </Typography>
      {healthcareProviderId ? (
        <ProviderExams healthcareProviderId={healthcareProviderId} />
      ) : (
        <Alert severity="error">{listLoadFailedText}</Alert>
      )}
    </Box>
  );
}
