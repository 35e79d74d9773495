import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { encodeListQuery, examRoutes } from '@auscura/contracts';
import type { Exam, Paged } from '@auscura/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { buildExamListQuery } from './exam-list-query.ts';
import type { ExamListParams } from './exam-list-query.ts';

/** Exams across organizations, patients of others masked by the server; 403 for non-members (clinician-portal §2.11). */
export async function searchCouncilExams(params: ExamListParams, signal?: AbortSignal): Promise<Paged<Exam>> {
  const { data } = await apiRequest(examRoutes.searchCouncil, 200, {
    query: { q: encodeListQuery(buildExamListQuery(params)) },
    signal,
  });
  return data;
}

export function searchCouncilExamsQueryOptions(params: ExamListParams) {
  return queryOptions({
    queryKey: ['exams', 'searchCouncil', params] as const,
    queryFn: ({ signal }) => searchCouncilExams(params, signal),
  });
}

/** Keeps the previous page on screen while the next one loads. */
export function useSearchCouncilExams(params: ExamListParams) {
  return useQuery({ ...searchCouncilExamsQueryOptions(params), placeholderData: keepPreviousData });
}
