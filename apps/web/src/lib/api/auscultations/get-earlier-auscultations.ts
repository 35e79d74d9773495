import { queryOptions, useQuery } from '@tanstack/react-query';
import { auscultationRoutes } from '@auscura/contracts';
import type { EarlierAuscultations } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';
import { auscultationKeys } from './keys.ts';

/** The same point's recordings in the patient's earlier exams, newest first (issue 40's Compare). */
export async function getEarlierAuscultations(id: string, signal?: AbortSignal): Promise<EarlierAuscultations> {
  const { data } = await apiRequest(auscultationRoutes.earlier, 200, { params: { id }, signal });
  return data;
}

export function getEarlierAuscultationsQueryOptions(id: string) {
  return queryOptions({
    queryKey: auscultationKeys.earlier(id),
    queryFn: ({ signal }) => getEarlierAuscultations(id, signal),
  });
}

export function useEarlierAuscultations(id: string) {
  return useQuery(getEarlierAuscultationsQueryOptions(id));
}
