import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { encodeListQuery, limits, patientProfileRoutes } from '@auscura/contracts';
import type { ListQueryInput, Paged, PatientProfile } from '@auscura/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export type PatientSearchParams = {
  healthcareProviderId: string;
  /** Free text matched against name and email; blank means no text filter. */
  search: string;
  pageNumber: number;
};

/** The list query of the patients screen: this provider's patients, newest first, 10 a page (clinician-portal §2.8, §9). */
export function buildPatientSearchQuery({
  healthcareProviderId,
  search,
  pageNumber,
}: PatientSearchParams): ListQueryInput {
  const text = search.trim();
  return {
    filters: [
      { field: 'healthcareProviderId', op: 'eq', value: healthcareProviderId },
      ...(text ? [{ field: 'search', op: 'like' as const, value: text }] : []),
    ],
    sort: [{ field: 'dateCreated', direction: 'desc' }],
    pagination: { pageNumber, pageSize: limits.pageSize },
  };
}

export async function searchPatientProfiles(
  params: PatientSearchParams,
  signal?: AbortSignal,
): Promise<Paged<PatientProfile>> {
  const { data } = await apiRequest(patientProfileRoutes.search, 200, {
    query: { q: encodeListQuery(buildPatientSearchQuery(params)) },
    signal,
  });
  return data;
}

export function searchPatientProfilesQueryOptions(params: PatientSearchParams) {
  return queryOptions({
    queryKey: ['patient-profiles', 'search', { ...params, search: params.search.trim() }] as const,
    queryFn: ({ signal }) => searchPatientProfiles(params, signal),
  });
}

/** Keeps the previous page on screen while the next one loads, so the table does not jump. */
export function useSearchPatientProfiles(params: PatientSearchParams) {
  return useQuery({ ...searchPatientProfilesQueryOptions(params), placeholderData: keepPreviousData });
}
