import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { examRoutes } from '@auscura/contracts';
import { fetchExamList } from './exam-list.ts';
import type { ExamListParams } from './exam-list.ts';
import { examKeys } from './keys.ts';

/** Exams across organizations, patients of others masked by the server; 403 for non-members (clinician-portal §2.11). */
export function searchCouncilExamsQueryOptions(params: ExamListParams) {
  return queryOptions({
    queryKey: examKeys.list('searchCouncil', params),
    queryFn: ({ signal }) => fetchExamList(examRoutes.searchCouncil, params, signal),
  });
}

/** Keeps the previous page on screen while the next one loads. */
export function useSearchCouncilExams(params: ExamListParams) {
  return useQuery({ ...searchCouncilExamsQueryOptions(params), placeholderData: keepPreviousData });
}
