import type { ExamListParams } from './exam-list.ts';

/**
 * The one query-key family of exams: every exam query's key starts with 'exams', so one
 * invalidation of `examKeys.all` refreshes every exam list and detail. One exam is one cache
 * entry (`detail`), whichever screen shows it.
 */
export const examKeys = {
  all: ['exams'] as const,
  detail: (id: string) => ['exams', 'detail', id] as const,
  navigation: (id: string, allExams: boolean) => ['exams', 'adjacent', id, allExams] as const,
  list: (list: 'search' | 'searchOrganization' | 'searchCouncil', params: ExamListParams) =>
    ['exams', list, params] as const,
};
