import { useMutation, useQueryClient } from '@tanstack/react-query';
import { virtualExamRoutes } from '@auscura/contracts';
import type { Exam } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';
import { virtualExamKeys } from './keys.ts';

/**
 * exams-and-devices §7.1 PUT /virtual-exams/{id}/exam: creates the exam of a virtual exam (§4:
 * the virtual exam first, then its exam). A second call answers EXAM_EXISTS (409).
 */
export async function createVirtualExamExam(id: string): Promise<Exam> {
  const { data } = await apiRequest(virtualExamRoutes.putExam, 201, { params: { id } });
  return data;
}

export function useCreateVirtualExamExam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVirtualExamExam,
    onSuccess: (exam, id) => {
      queryClient.setQueryData(virtualExamKeys.exam(id), exam);
      return queryClient.invalidateQueries({ queryKey: virtualExamKeys.detail(id) });
    },
  });
}
