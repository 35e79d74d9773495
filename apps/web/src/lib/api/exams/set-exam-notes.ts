import { useMutation, useQueryClient } from '@tanstack/react-query';
import { examRoutes } from '@auscura/contracts';
import type { Exam } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';
import { getExamQueryOptions } from './get-exam.ts';

export async function setExamNotes(id: string, value: string): Promise<Exam> {
  const { data } = await apiRequest(examRoutes.setNotes, 200, { params: { id }, body: { value } });
  return data;
}

/** Saves the free-text notes; the cached exam takes the saved text so a revisit shows it. */
export function useSetExamNotes(id: string) {
  const queryClient = useQueryClient();
  const { queryKey } = getExamQueryOptions(id);
  return useMutation({
    mutationFn: (value: string) => setExamNotes(id, value),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKey, (cached) => (cached ? { ...cached, notes: saved.notes } : cached));
    },
  });
}
