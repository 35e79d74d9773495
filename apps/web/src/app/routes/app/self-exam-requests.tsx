import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SelfExamRequestList } from '../../../features/self-exam-requests/components/self-exam-request-list.tsx';

/** /self-exam-requests (clinician-portal §2.1). */
export default function SelfExamRequestsRoute() {
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Self-exam requests
      </Typography>
      <SelfExamRequestList />
    </Box>
  );
}
