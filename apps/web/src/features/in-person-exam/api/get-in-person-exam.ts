import { queryOptions, useQuery } from '@tanstack/react-query';
import { encodeListQuery, examRoutes } from '@auscura/contracts';
import type { Exam } from '@auscura/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export async function getInPersonExam(id: string, signal?: AbortSignal): Promise<Exam> {
  const { data } = await apiRequest(examRoutes.get, 200, {
    params: { id },
    query: { q: encodeListQuery({ joinedLoads: ['patientProfile', 'auscultations'] }) },
    signal,
  });
  return data;
}

/** The exam running in the dialog, with the auscultations recorded so far. */
export function getInPersonExamQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['in-person-exam', id] as const,
    queryFn: ({ signal }) => getInPersonExam(id, signal),
  });
}

export function useInPersonExam(id: string, initial?: Exam) {
  return useQuery({ ...getInPersonExamQueryOptions(id), initialData: initial });
}
