import { useMutation, useQueryClient } from '@tanstack/react-query';
import { auscultationRoutes } from '@auscura/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { getExamQueryOptions } from './get-exam.ts';
import { forgetRecording } from './get-recording.ts';

export async function deleteAuscultation(id: string): Promise<void> {
  await apiRequest(auscultationRoutes.delete, 204, { params: { id } });
  forgetRecording(id);
}

/** Deletes one recording; the exam (which carries its auscultations) is refetched. */
export function useDeleteAuscultation(examId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAuscultation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getExamQueryOptions(examId).queryKey }),
  });
}
