import { useMutation, useQueryClient } from '@tanstack/react-query';
import { auscultationRoutes } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';
import { getExamQueryOptions } from '../exams/get-exam.ts';
import { forgetRecording } from './get-recording.ts';

export async function deleteAuscultation(id: string): Promise<void> {
  await apiRequest(auscultationRoutes.delete, 204, { params: { id } });
  forgetRecording(id);
}

/** Deletes one recording; the exam (which carries its auscultations) is refetched either way. */
export function useDeleteAuscultation(examId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAuscultation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getExamQueryOptions(examId).queryKey }),
  });
}
