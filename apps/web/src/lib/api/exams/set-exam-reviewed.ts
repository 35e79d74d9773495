import { useMutation, useQueryClient } from '@tanstack/react-query';
import { examRoutes } from '@auscura/contracts';
import type { Exam } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';
import { getExamQueryOptions } from './get-exam.ts';
import { examKeys } from './keys.ts';

export async function setExamReviewed(id: string, value: boolean): Promise<Exam> {
  const { data } = await apiRequest(examRoutes.setReviewed, 200, { params: { id }, body: { value } });
  return data;
}

/**
 * The reviewed switch (clinician-portal §4): applied to the cached exam at once, put back when
 * the server refuses; either way the exam and the lists that show its status are refetched.
 */
export function useSetExamReviewed(id: string) {
  const queryClient = useQueryClient();
  const { queryKey } = getExamQueryOptions(id);
  return useMutation({
    mutationFn: (value: boolean) => setExamReviewed(id, value),
    onMutate: async (value) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      if (previous) queryClient.setQueryData(queryKey, { ...previous, reviewed: value });
      return { previous };
    },
    onError: (_error, _value, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: examKeys.all }),
  });
}
