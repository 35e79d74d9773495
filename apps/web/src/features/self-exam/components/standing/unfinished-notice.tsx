import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { SelfExamSession } from '@auscura/contracts';
import { formatDate } from '../../../../lib/format.ts';
import { siteName } from '@auscura/contracts';

/**
 * A self exam started earlier with the link and not sent in full: the patient finishes it, or
 * starts a new one (the server then closes this one with what was sent).
 */
export function UnfinishedNotice({ session, onFinish }: { session: SelfExamSession; onFinish: () => void }) {
  const sent = session.auscultationRequests.filter((ar) => ar.auscultationId !== null).length;
  const open = session.auscultationRequests.filter((ar) => ar.auscultationId === null);
  return (
    <Alert severity="info" icon={false}>
      <AlertTitle>You have a self exam to finish</AlertTitle>
      You started one on {formatDate(`${session.examDate}T12:00:00`)} and sent {sent} of{' '}
      {session.auscultationRequests.length} recordings. Still to record:{' '}
      {open.map((ar) => siteName(ar.auscultationPoint)).join(', ')}. If you start a new one below instead, what you
      already sent of this one stays with your clinician.
      <Box sx={{ mt: 2 }}>
        <Button variant="contained" onClick={onFinish}>
          Finish that self exam
        </Button>
      </Box>
    </Alert>
  );
}
