import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { encodeListQuery, healthcareProviderRoutes, limits } from '@auscura/contracts';
import type { HealthcareProviderOverview, Paged } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';
import { healthcareProviderKeys } from './keys.ts';

export type ProviderOverviewParams = { pageNumber: number };

/** The organization's providers with roles and totals, newest first, 10 a page (clinician-portal §7). */
export async function getHealthcareProvidersOverview(
  { pageNumber }: ProviderOverviewParams,
  signal?: AbortSignal,
): Promise<Paged<HealthcareProviderOverview>> {
  const q = encodeListQuery({
    sort: [{ field: 'dateCreated', direction: 'desc' }],
    pagination: { pageNumber, pageSize: limits.pageSize },
  });
  const { data } = await apiRequest(healthcareProviderRoutes.overview, 200, { query: { q }, signal });
  return data;
}

export function getHealthcareProvidersOverviewQueryOptions(params: ProviderOverviewParams) {
  return queryOptions({
    queryKey: healthcareProviderKeys.overview(params),
    queryFn: ({ signal }) => getHealthcareProvidersOverview(params, signal),
  });
}

export function useHealthcareProvidersOverview(params: ProviderOverviewParams) {
  return useQuery({ ...getHealthcareProvidersOverviewQueryOptions(params), placeholderData: keepPreviousData });
}
