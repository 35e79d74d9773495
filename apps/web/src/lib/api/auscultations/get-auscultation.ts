import { queryOptions, useQuery } from '@tanstack/react-query';
import { auscultationRoutes } from '@auscura/contracts';
import type { Auscultation } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';
import { auscultationKeys } from './keys.ts';

export async function getAuscultation(id: string, signal?: AbortSignal): Promise<Auscultation> {
  const { data } = await apiRequest(auscultationRoutes.get, 200, { params: { id }, signal });
  return data;
}

/** How often a recording still being processed is asked for again (a remote recording waits on it). */
const auscultationProcessingRefetchMs = 1000;

export function getAuscultationQueryOptions(id: string) {
  return queryOptions({
    queryKey: auscultationKeys.detail(id),
    queryFn: ({ signal }) => getAuscultation(id, signal),
    refetchInterval: (query) =>
      query.state.data?.beatawareStatus === 'processing' ? auscultationProcessingRefetchMs : false,
  });
}

/** One auscultation, refreshed while the server processes it; `id` null waits. */
export function useAuscultation(id: string | null) {
  return useQuery({ ...getAuscultationQueryOptions(id ?? ''), enabled: id !== null });
}
