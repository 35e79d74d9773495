import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { encodeListQuery, examRoutes } from '@auscura/contracts';
import type { Exam, Paged } from '@auscura/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { buildExamListQuery } from './exam-list-query.ts';
import type { ExamListParams } from './exam-list-query.ts';

/** The exams of one patient (the history on the patient detail screen). */
export async function searchExams(params: ExamListParams, signal?: AbortSignal): Promise<Paged<Exam>> {
  const { data } = await apiRequest(examRoutes.search, 200, {
    query: { q: encodeListQuery(buildExamListQuery(params)) },
    signal,
  });
  return data;
}

export function searchExamsQueryOptions(params: ExamListParams) {
  return queryOptions({
    queryKey: ['exams', 'search', params] as const,
    queryFn: ({ signal }) => searchExams(params, signal),
  });
}

/** Keeps the previous page on screen while the next one loads. */
export function useSearchExams(params: ExamListParams) {
  return useQuery({ ...searchExamsQueryOptions(params), placeholderData: keepPreviousData });
}
