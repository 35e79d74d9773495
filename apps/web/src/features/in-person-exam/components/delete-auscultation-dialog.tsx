import type { Auscultation } from '@auscura/contracts';
import { DeleteAuscultationDialog as ConfirmDelete } from '../../../components/feedback/delete-auscultation-dialog.tsx';
import { useDeleteAuscultation } from '../../../lib/api/auscultations/delete-auscultation.ts';
import { pointName } from '../utils/points.ts';
import type { Notify } from '../utils/notify.ts';

/** The Delete Auscultation dialog for a recording of the running exam; its list refreshes after. */
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
  return (
    <ConfirmDelete
      pointName={pointName(auscultation.auscultationPoint)}
      onDelete={() => mutation.mutateAsync(auscultation.id)}
      notify={notify}
      onClose={onClose}
    />
  );
}
