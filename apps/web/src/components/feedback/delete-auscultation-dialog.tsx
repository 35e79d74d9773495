import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useNotify } from '../notifications/use-notify.ts';

type DeleteAuscultationDialogProps = {
  /** The point as people read it: its long label from the one table of points. */
  pointName: string;
  /** Deletes the recording; rejects when it could not. */
  onDelete: () => Promise<void>;
  onClose: () => void;
};

/**
 * The Delete Auscultation dialog (exams-and-devices §2.5, §8), shared by the exam page and the
 * in-person exam: each passes its own delete call, which refreshes its own lists.
 */
export function DeleteAuscultationDialog({ pointName, onDelete, onClose }: DeleteAuscultationDialogProps) {
  const notify = useNotify();
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    setPending(true);
    try {
      await onDelete();
      notify('The auscultation has been deleted', 'success');
    } catch {
      notify('An error occurred while deleting the auscultation. Please try again.', 'error');
    } finally {
      setPending(false);
      onClose();
    }
  };
  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby="delete-auscultation-title">
      <DialogTitle id="delete-auscultation-title">Delete Auscultation</DialogTitle>
      <DialogContent>
        <DialogContentText>Delete the {pointName} recording? This cannot be undone.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={() => void confirm()} disabled={pending}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
