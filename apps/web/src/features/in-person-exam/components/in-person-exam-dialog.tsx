import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { useCreateInPersonExam } from '../../../lib/api/exams/create-exam.ts';
import { useAudioInputs } from '../../../hooks/use-audio-inputs.ts';
import { DeviceCheck } from './device-check.tsx';
import { ExamSession } from './exam-session.tsx';

type InPersonExamDialogProps = {
  patientProfileId: string;
  healthcareProviderId: string;
  /** Called after the dialog closes; the caller refreshes the patient's exam history. */
  onClose: () => void;
};

/**
 * The In-Person Exam dialog (exams-and-devices §2.9): a compatibility check, then the exam is
 * created and the patient, the New Auscultation wizard, the notes and the recordings show. A
 * default export: it is loaded lazily, never with the first screen.
 */
export default function InPersonExamDialog({
  patientProfileId,
  healthcareProviderId,
  onClose,
}: InPersonExamDialogProps) {
  const devices = useAudioInputs();
  const create = useCreateInPersonExam();

  return (
    <Dialog open fullScreen onClose={onClose} aria-labelledby="in-person-exam-title">
      <AppBar position="sticky" color="default" elevation={1}>
        <Toolbar>
          <Typography variant="h6" component="h1" id="in-person-exam-title" sx={{ flex: 1 }}>
            In-Person Exam
          </Typography>
          <IconButton edge="end" aria-label="Close In-Person Exam" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ p: { xs: 2, md: 3 }, overflowY: 'auto' }}>
        {create.data ? (
          <ExamSession created={create.data} devices={devices} />
        ) : (
          <DeviceCheck
            devices={devices}
            starting={create.isPending}
            startFailed={create.isError}
            onStart={() => create.mutate({ healthcareProviderId, patientProfileId })}
          />
        )}
      </Box>
    </Dialog>
  );
}
