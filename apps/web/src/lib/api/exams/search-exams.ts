import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { examRoutes } from '@auscura/contracts';
import { fetchExamList } from './exam-list.ts';
import type { ExamListParams } from './exam-list.ts';
import { examKeys } from './keys.ts';

/** The exams of one patient (the history on the patient detail screen). */
export function searchExamsQueryOptions(params: ExamListParams) {
  return queryOptions({
    queryKey: examKeys.list('search', params),
    queryFn: ({ signal }) => fetchExamList(examRoutes.search, params, signal),
  });
}

/** Keeps the previous page on screen while the next one loads. */
export function useSearchExams(params: ExamListParams) {
  return useQuery({ ...searchExamsQueryOptions(params), placeholderData: keepPreviousData });
}
