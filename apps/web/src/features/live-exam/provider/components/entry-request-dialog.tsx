import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { LiveExamChannel } from '../../../../lib/realtime/live-exam-channel.ts';
import { useLiveExamField } from '../../../../lib/realtime/use-live-exam-field.ts';
import ringUrl from '../assets/ring.wav';

/**
 * exams-and-devices §4: a pending entry request opens this dialog with a ring; Admit writes
 * approved, Deny entry writes denied, to the shared state.
 */
export function EntryRequestDialog({ channel }: { channel: LiveExamChannel | null }) {
  const request = useLiveExamField(channel, 'examEntryRequest');
  const [answering, setAnswering] = useState<'approved' | 'denied' | null>(null);
  const [failed, setFailed] = useState(false);
  const open = request?.status === 'pending';

  const answer = (status: 'approved' | 'denied') => {
    if (!channel) return;
    setAnswering(status);
    setFailed(false);
    channel
      .write('examEntryRequest', { status })
      .catch(() => setFailed(true))
      .finally(() => setAnswering(null));
  };

  return (
    <Dialog open={open} aria-labelledby="entry-request-title" aria-describedby="entry-request-text">
      <DialogTitle id="entry-request-title">Entry request</DialogTitle>
      <DialogContent>
        <DialogContentText id="entry-request-text">
          <strong data-testid="entry-request-name">{request?.name}</strong> is asking to enter the exam.
        </DialogContentText>
        {failed && (
          <DialogContentText role="alert" color="error" sx={{ mt: 1 }}>
            The answer could not be sent. Please try again.
          </DialogContentText>
        )}
        {/* The bundled ring (a 440 + 480 Hz ringing tone, 1 s on, 1 s off) plays while the request waits. */}
        {open && <audio src={ringUrl} autoPlay loop data-testid="entry-request-ring" aria-hidden="true" />}
      </DialogContent>
      <DialogActions>
        <Button color="error" onClick={() => answer('denied')} loading={answering === 'denied'} disabled={!!answering}>
          Deny entry
        </Button>
        <Button
          variant="contained"
          onClick={() => answer('approved')}
          loading={answering === 'approved'}
          disabled={!!answering}
        >
          Admit
        </Button>
      </DialogActions>
    </Dialog>
  );
}
