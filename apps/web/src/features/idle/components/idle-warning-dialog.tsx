import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

type IdleWarningDialogProps = {
  open: boolean;
  graceText: string;
  onSignOut: () => void;
  onStay: () => void;
};

/** The warning itself (clinician-portal §2.3); loaded only when it is first needed. */
export function IdleWarningDialog({ open, graceText, onSignOut, onStay }: IdleWarningDialogProps) {
  return (
    <Dialog
      open={open}
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
        <Button variant="contained" onClick={onStay} autoFocus>
          Stay signed in
        </Button>
      </DialogActions>
    </Dialog>
  );
}
