import type { Auscultation } from '@auscura/contracts';
import { DeleteAuscultationDialog as ConfirmDelete } from '../../../components/feedback/delete-auscultation-dialog.tsx';
import { useDeleteAuscultation } from '../../../lib/api/auscultations/delete-auscultation.ts';
import { siteName } from '@auscura/contracts';

/** The Delete Auscultation dialog for a recording of the running exam; its list refreshes after. */
export function DeleteAuscultationDialog({
  examId,
  auscultation,
  onClose,
}: {
  examId: string;
  auscultation: Auscultation;
  onClose: () => void;
}) {
  const mutation = useDeleteAuscultation(examId);
  return (
    <ConfirmDelete
      pointName={siteName(auscultation.auscultationPoint.label)}
      onDelete={() => mutation.mutateAsync(auscultation.id)}
      onClose={onClose}
    />
  );
}
