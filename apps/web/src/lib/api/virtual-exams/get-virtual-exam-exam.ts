import { queryOptions, useQuery } from '@tanstack/react-query';
import { virtualExamRoutes } from '@auscura/contracts';
import type { Exam } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';
import { virtualExamKeys } from './keys.ts';

/** exams-and-devices §7.1 GET /virtual-exams/{id}/exam: the exam (type live) of a virtual exam. */
export async function getVirtualExamExam(id: string, signal?: AbortSignal): Promise<Exam> {
  const { data } = await apiRequest(virtualExamRoutes.getExam, 200, { params: { id }, signal });
  return data;
}

export function getVirtualExamExamQueryOptions(id: string) {
  return queryOptions({ queryKey: virtualExamKeys.exam(id), queryFn: ({ signal }) => getVirtualExamExam(id, signal) });
}

export function useVirtualExamExam(id: string | undefined) {
  return useQuery({ ...getVirtualExamExamQueryOptions(id ?? ''), enabled: !!id });
}
