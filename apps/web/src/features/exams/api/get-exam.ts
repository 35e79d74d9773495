import { queryOptions, useQuery } from '@tanstack/react-query';
import { encodeListQuery, examRoutes } from '@auscura/contracts';
import type { Exam } from '@auscura/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The patient, the recordings and the conducting provider come with the exam in one call. */
const examLoads = ['patientProfile', 'auscultations', 'healthcareProvider'];

export async function getExam(id: string, signal?: AbortSignal): Promise<Exam> {
  const { data } = await apiRequest(examRoutes.get, 200, {
    params: { id },
    query: { q: encodeListQuery({ joinedLoads: examLoads }) },
    signal,
  });
  return data;
}

export function getExamQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['exams', 'detail', id] as const,
    queryFn: ({ signal }) => getExam(id, signal),
  });
}

export function useExam(id: string) {
  return useQuery(getExamQueryOptions(id));
}
