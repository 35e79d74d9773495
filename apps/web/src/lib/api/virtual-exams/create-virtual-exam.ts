import { useMutation, useQueryClient } from '@tanstack/react-query';
import { virtualExamRoutes } from '@auscura/contracts';
import type { CreateVirtualExamBody, VirtualExam } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';
import { virtualExamKeys } from './keys.ts';

/** exams-and-devices §7.1 POST /virtual-exams: scheduled (both dates) or started now (neither). */
export async function createVirtualExam(body: CreateVirtualExamBody): Promise<VirtualExam> {
  const { data } = await apiRequest(virtualExamRoutes.create, 201, { body });
  return data;
}

export function useCreateVirtualExam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVirtualExam,
    onSuccess: (exam) => {
      queryClient.setQueryData(virtualExamKeys.detail(exam.id), exam);
      return queryClient.invalidateQueries({ queryKey: virtualExamKeys.calendars });
    },
  });
}
