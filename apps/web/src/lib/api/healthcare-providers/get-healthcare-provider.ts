import { queryOptions, useQuery } from '@tanstack/react-query';
import { healthcareProviderRoutes } from '@auscura/contracts';
import type { HealthcareProvider } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';
import { healthcareProviderKeys } from './keys.ts';

export async function getHealthcareProvider(id: string, signal?: AbortSignal): Promise<HealthcareProvider> {
  const { data } = await apiRequest(healthcareProviderRoutes.get, 200, { params: { id }, signal });
  return data;
}

export function getHealthcareProviderQueryOptions(id: string) {
  return queryOptions({
    queryKey: healthcareProviderKeys.detail(id),
    queryFn: ({ signal }) => getHealthcareProvider(id, signal),
  });
}

/** The signed-in provider's own record: names, mustChangePassword, tcVersion. */
export function useHealthcareProvider(id: string) {
  return useQuery(getHealthcareProviderQueryOptions(id));
}
