import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { Auscultation } from '@auscura/contracts';
import { useDeleteAuscultation } from '../api/delete-auscultation.ts';
import { pointName } from '../utils/points.ts';
import type { Notify } from '../utils/notify.ts';

/** The Delete Auscultation dialog (exams-and-devices §2.5, §8). */
export function DeleteAuscultationDialog({
  examId,
  auscultation,
  notify,
  onClose,
}: {
  examId: string;
  auscultation: Auscultation;
  notify: Notify;
  onClose: () => void;
}) {
  const mutation = useDeleteAuscultation(examId);
  const confirm = () =>
    mutation.mutate(auscultation.id, {
      onSuccess: () => {
        notify('The auscultation has been deleted', 'success');
        onClose();
      },
      onError: () => {
        notify('An error occurred while deleting the auscultation. Please try again.', 'error');
        onClose();
      },
    });
  return (
    <Dialog open onClose={mutation.isPending ? undefined : onClose} aria-labelledby="delete-auscultation-title">
      <DialogTitle id="delete-auscultation-title">Delete Auscultation</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Delete the {pointName(auscultation.auscultationPoint)} recording? This cannot be undone.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={mutation.isPending}>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={confirm} disabled={mutation.isPending}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
