import { queryOptions, useQuery } from '@tanstack/react-query';
import { selfExamLinkRoutes } from '@auscura/contracts';
import type { SelfExamLink } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';
import { selfExamLinkKeys } from './keys.ts';

/** The patient's standing self-exam link, or null when none was ever sent. */
export async function getSelfExamLink(patientProfileId: string, signal?: AbortSignal): Promise<SelfExamLink | null> {
  const { data } = await apiRequest(selfExamLinkRoutes.get, 200, { params: { id: patientProfileId }, signal });
  return data.selfExamLink;
}

export function getSelfExamLinkQueryOptions(patientProfileId: string) {
  return queryOptions({
    queryKey: selfExamLinkKeys.ofPatient(patientProfileId),
    queryFn: ({ signal }) => getSelfExamLink(patientProfileId, signal),
  });
}

export function useSelfExamLink(patientProfileId: string) {
  return useQuery(getSelfExamLinkQueryOptions(patientProfileId));
}
