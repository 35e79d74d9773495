import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CouncilExams } from '../../../features/exams/components/council-exams.tsx';

/** /council: exams across organizations (clinician-portal §2.11). */
export default function CouncilRoute() {
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Council History
      </Typography>
      <CouncilExams />
    </Box>
  );
}
