import { queryOptions, useQuery } from '@tanstack/react-query';
import { examRoutes } from '@auscura/contracts';
import type { ExamNavigation } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';
import { examKeys } from './keys.ts';

/** `allExams`: walk the whole organization's list ('All'); otherwise only the provider's own ('My Exams'). */
export async function getExamNavigation(id: string, allExams: boolean, signal?: AbortSignal): Promise<ExamNavigation> {
  const { data } = await apiRequest(examRoutes.adjacent, 200, {
    params: { id },
    query: { isOrganizationExams: allExams ? 'true' : 'false' },
    signal,
  });
  return data;
}

export function getExamNavigationQueryOptions(id: string, allExams: boolean) {
  return queryOptions({
    queryKey: examKeys.navigation(id, allExams),
    queryFn: ({ signal }) => getExamNavigation(id, allExams, signal),
  });
}

export function useExamNavigation(id: string, allExams: boolean) {
  return useQuery(getExamNavigationQueryOptions(id, allExams));
}
