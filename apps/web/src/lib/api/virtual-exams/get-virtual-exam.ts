import { queryOptions, useQuery } from '@tanstack/react-query';
import { encodeListQuery, virtualExamRoutes } from '@auscura/contracts';
import type { VirtualExam } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';
import { virtualExamKeys } from './keys.ts';

/** exams-and-devices §7.1: one virtual exam with the provider, the patient and the exam loaded. */
export async function getVirtualExam(id: string, signal?: AbortSignal): Promise<VirtualExam> {
  const { data } = await apiRequest(virtualExamRoutes.get, 200, {
    params: { id },
    query: { q: encodeListQuery({ joinedLoads: ['healthcareProvider', 'patientProfile', 'exam'] }) },
    signal,
  });
  return data;
}

export function getVirtualExamQueryOptions(id: string) {
  return queryOptions({ queryKey: virtualExamKeys.detail(id), queryFn: ({ signal }) => getVirtualExam(id, signal) });
}

export function useVirtualExam(id: string | undefined) {
  return useQuery({ ...getVirtualExamQueryOptions(id ?? ''), enabled: !!id });
}
