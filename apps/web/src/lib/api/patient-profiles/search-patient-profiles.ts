import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { encodeListQuery, limits, patientProfileRoutes } from '@auscura/contracts';
import type { ListQueryInput, Paged, PatientProfile } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';
import { patientProfileKeys } from './keys.ts';

/** Whose patients: one provider's (the patients home) or the whole organization's (clinician-portal §6). */
export type PatientListScope = { healthcareProviderId: string } | { organizationId: string };

export type PatientSearchParams = PatientListScope & {
  /** Free text matched against name and email; blank means no text filter. */
  search: string;
  pageNumber: number;
};

/**
 * The list query of the patient lists, newest first, 10 a page (clinician-portal §2.8, §2.10, §9).
 * The organization's list also loads each patient's primary doctor for its extra column.
 */
export function buildPatientSearchQuery(params: PatientSearchParams): ListQueryInput {
  const text = params.search.trim();
  const scope =
    'organizationId' in params
      ? { field: 'organizationId', op: 'eq' as const, value: params.organizationId }
      : { field: 'healthcareProviderId', op: 'eq' as const, value: params.healthcareProviderId };
  return {
    filters: [scope, ...(text ? [{ field: 'search', op: 'like' as const, value: text }] : [])],
    sort: [{ field: 'dateCreated', direction: 'desc' }],
    pagination: { pageNumber: params.pageNumber, pageSize: limits.pageSize },
    ...('organizationId' in params ? { joinedLoads: ['healthcareProvider'] } : {}),
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
    queryKey: patientProfileKeys.search(params),
    queryFn: ({ signal }) => searchPatientProfiles(params, signal),
  });
}

/** Keeps the previous page on screen while the next one loads, so the table does not jump. */
export function useSearchPatientProfiles(params: PatientSearchParams) {
  return useQuery({ ...searchPatientProfilesQueryOptions(params), placeholderData: keepPreviousData });
}
