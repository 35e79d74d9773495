import { useMutation, useQueryClient } from '@tanstack/react-query';
import { examRoutes } from '@auscura/contracts';
import type { Exam } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';
import { getExamQueryOptions } from './get-exam.ts';

export async function setExamEnhancedNotes(id: string, value: Exam['enhancedNotes']): Promise<Exam> {
  const { data } = await apiRequest(examRoutes.setEnhancedNotes, 200, { params: { id }, body: { value } });
  return data;
}

/** Saves the structured notes; the cached exam takes the saved labels so a revisit shows them. */
export function useSetExamEnhancedNotes(id: string) {
  const queryClient = useQueryClient();
  const { queryKey } = getExamQueryOptions(id);
  return useMutation({
    mutationFn: (value: Exam['enhancedNotes']) => setExamEnhancedNotes(id, value),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKey, (cached) =>
        cached ? { ...cached, enhancedNotes: saved.enhancedNotes } : cached,
      );
    },
  });
}
