import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { VirtualExam } from '@auscura/contracts';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import { AccessInfoBlock } from '../../../components/virtual-exams/access-info.tsx';
import { patientName } from '../../../lib/format-patient.ts';
import { formatExamTimeRange } from '../utils/calendar-format.ts';

type CalendarEventPopoverProps = { exam: VirtualExam; anchor: HTMLElement; onClose: () => void };

/** exams-and-devices §2.1: an exam's date and time range, 'Join Exam', access info and participants. */
export function CalendarEventPopover({ exam, anchor, onClose }: CalendarEventPopoverProps) {
  const patient = exam.patientProfile ? patientName(exam.patientProfile) : 'Patient';
  return (
    <Popover
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{ paper: { role: 'dialog', 'aria-label': `Virtual exam with ${patient}`, sx: { p: 2, width: 360 } } }}
    >
      <Stack spacing={1.5}>
        <Box>
          <Typography variant="h6" component="h2">
            {patient}
          </Typography>
          <Typography variant="body2">{formatExamTimeRange(exam.scheduledStartDate, exam.scheduledEndDate)}</Typography>
        </Box>
        <Box>
          <Button variant="contained" component={RouterLink} to={paths.liveExam.getHref(exam.id)}>
            Join Exam
          </Button>
        </Box>
        <Divider />
        <Typography variant="subtitle2" component="h3">
          Access info
        </Typography>
        <AccessInfoBlock exam={exam} />
        <Typography variant="subtitle2" component="h3">
          Participants
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          <Typography component="li" variant="body2">
            {exam.healthcareProvider?.displayName ?? 'Healthcare provider'} (healthcare provider)
          </Typography>
          <Typography component="li" variant="body2">
            {patient} (patient)
          </Typography>
        </Box>
      </Stack>
    </Popover>
  );
}
