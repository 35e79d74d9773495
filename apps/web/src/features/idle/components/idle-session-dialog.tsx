import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useIdleTimer } from '../hooks/use-idle-timer.ts';

type IdleSessionDialogProps = {
  idleSeconds: number;
  graceSeconds: number;
  onSignOut: () => void;
  onTimeout: () => void;
};

/** clinician-portal §2.3: the idle-session warning. */
export function IdleSessionDialog({ idleSeconds, graceSeconds, onSignOut, onTimeout }: IdleSessionDialogProps) {
  const { warning, stayActive } = useIdleTimer({ idleMs: idleSeconds * 1000, graceMs: graceSeconds * 1000, onTimeout });
  const minutes = Math.max(1, Math.round(graceSeconds / 60));
  const graceText = graceSeconds < 120 ? `${graceSeconds} seconds` : `${minutes} minutes`;

  return (
    <Dialog
      open={warning}
      // Escape and backdrop clicks arrive here and are ignored: only an explicit choice closes it (§2.3).
      onClose={() => undefined}
      aria-labelledby="idle-session-title"
      aria-describedby="idle-session-text"
    >
      <DialogTitle id="idle-session-title">Your session is about to end</DialogTitle>
      <DialogContent>
        <DialogContentText id="idle-session-text">
          You have been inactive for a while. For your security you will be signed out in {graceText} unless you choose
          to stay signed in.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onSignOut}>Sign out</Button>
        <Button variant="contained" onClick={stayActive} autoFocus>
          Stay signed in
        </Button>
      </DialogActions>
    </Dialog>
  );
}
