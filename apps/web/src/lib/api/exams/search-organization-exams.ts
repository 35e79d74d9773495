import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { examRoutes } from '@auscura/contracts';
import { fetchExamList } from './exam-list.ts';
import type { ExamListParams } from './exam-list.ts';
import { examKeys } from './keys.ts';

/** The organization's exams; 'My Exams' adds the provider filter (clinician-portal §2.10). */
export function searchOrganizationExamsQueryOptions(params: ExamListParams) {
  return queryOptions({
    queryKey: examKeys.list('searchOrganization', params),
    queryFn: ({ signal }) => fetchExamList(examRoutes.searchOrganization, params, signal),
  });
}

/** Keeps the previous page on screen while the next one loads. */
export function useSearchOrganizationExams(params: ExamListParams) {
  return useQuery({ ...searchOrganizationExamsQueryOptions(params), placeholderData: keepPreviousData });
}
