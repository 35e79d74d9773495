import { queryOptions, useQuery } from '@tanstack/react-query';
import { patientProfileRoutes } from '@auscura/contracts';
import type { PatientProfile } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';
import { patientProfileKeys } from './keys.ts';

export async function getPatientProfile(id: string, signal?: AbortSignal): Promise<PatientProfile> {
  const { data } = await apiRequest(patientProfileRoutes.get, 200, { params: { id }, signal });
  return data;
}

export function getPatientProfileQueryOptions(id: string) {
  return queryOptions({
    queryKey: patientProfileKeys.detail(id),
    queryFn: ({ signal }) => getPatientProfile(id, signal),
  });
}

/**
 * One patient of the caller's organization; another organization's answers 404 (clinician-portal §6).
 * No id, no request (a screen that may or may not be about one patient).
 */
export function usePatientProfile(id: string | null) {
  return useQuery({ ...getPatientProfileQueryOptions(id ?? ''), enabled: !!id });
}
