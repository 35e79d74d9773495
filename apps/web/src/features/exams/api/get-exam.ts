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

/** How often an exam with a recording still in processing is asked for again. */
export const processingRefetchMs = 5000;

/** True while the server is still working on one of the exam's recordings (not for rows that never got one). */
export function hasRecordingInProcessing(exam: Exam | undefined): boolean {
  return exam?.auscultations?.some((a) => a.beatawareStatus === 'processing') ?? false;
}

export function getExamQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['exams', 'detail', id] as const,
    queryFn: ({ signal }) => getExam(id, signal),
    // A recording's analysis arrives a moment after its upload: keep the page current until it
    // does, instead of leaving "Processing. Please try later." on screen.
    refetchInterval: (query) => (hasRecordingInProcessing(query.state.data) ? processingRefetchMs : false),
  });
}

export function useExam(id: string) {
  return useQuery(getExamQueryOptions(id));
}
