import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { encodeListQuery, examRoutes } from '@auscura/contracts';
import type { Exam, Paged } from '@auscura/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { buildExamListQuery } from './exam-list-query.ts';
import type { ExamListParams } from './exam-list-query.ts';

/** The organization's exams; 'My Exams' adds the provider filter (clinician-portal §2.10). */
export async function searchOrganizationExams(params: ExamListParams, signal?: AbortSignal): Promise<Paged<Exam>> {
  const { data } = await apiRequest(examRoutes.searchOrganization, 200, {
    query: { q: encodeListQuery(buildExamListQuery(params)) },
    signal,
  });
  return data;
}

export function searchOrganizationExamsQueryOptions(params: ExamListParams) {
  return queryOptions({
    queryKey: ['exams', 'searchOrganization', params] as const,
    queryFn: ({ signal }) => searchOrganizationExams(params, signal),
  });
}

/** Keeps the previous page on screen while the next one loads. */
export function useSearchOrganizationExams(params: ExamListParams) {
  return useQuery({ ...searchOrganizationExamsQueryOptions(params), placeholderData: keepPreviousData });
}
