import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/** exams-and-devices §8, the in-person text. */
const inPersonAuscultationErrorText =
  'There was an error during the auscultation. The auscultation has been cancelled. Please try again.';

/**
 * §8 'Auscultation Error': one of the catalogue's texts and 'Dismiss' (which, in the live exam,
 * clears the cancelled request). In person and in the live exam alike.
 */
export function AuscultationErrorDialog({
  open,
  onDismiss,
  text = inPersonAuscultationErrorText,
}: {
  open: boolean;
  onDismiss: () => void;
  text?: string;
}) {
  return (
    <Dialog
      open={open}
      onClose={onDismiss}
      aria-labelledby="auscultation-error-title"
      aria-describedby="auscultation-error-text"
    >
      <DialogTitle id="auscultation-error-title">Auscultation Error</DialogTitle>
      <DialogContent>
        <DialogContentText id="auscultation-error-text">{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onDismiss} autoFocus>
          Dismiss
        </Button>
      </DialogActions>
    </Dialog>
  );
}
