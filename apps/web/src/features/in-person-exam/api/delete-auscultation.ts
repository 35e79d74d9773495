import { useMutation, useQueryClient } from '@tanstack/react-query';
import { auscultationRoutes } from '@auscura/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { getInPersonExamQueryOptions } from './get-in-person-exam.ts';

export async function deleteAuscultation(id: string): Promise<void> {
  await apiRequest(auscultationRoutes.delete, 204, { params: { id } });
}

/** Deletes one recording of the running exam; its list is refetched either way. */
export function useDeleteAuscultation(examId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAuscultation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getInPersonExamQueryOptions(examId).queryKey }),
  });
}
