import { queryOptions, useQuery } from '@tanstack/react-query';
import { statusRoutes } from '@auscura/contracts';
import type { ServiceStatus } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';
import { statusKeys } from './keys.ts';

/** Our own status page (exams-and-devices §7.2): each component this deployment has, checked by the server. */
export async function getServiceStatus(signal?: AbortSignal): Promise<ServiceStatus> {
  const { data } = await apiRequest(statusRoutes.get, 200, { signal });
  return data;
}

export function getServiceStatusQueryOptions() {
  return queryOptions({ queryKey: statusKeys.all, queryFn: ({ signal }) => getServiceStatus(signal), retry: 1 });
}

/** Fetched once asked (`enabled`): leaving Get started starts it (§4). */
export function useServiceStatus(enabled: boolean) {
  return useQuery({ ...getServiceStatusQueryOptions(), enabled, staleTime: Infinity });
}
