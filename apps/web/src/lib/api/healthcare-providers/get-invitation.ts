import { queryOptions, useQuery } from '@tanstack/react-query';
import { healthcareProviderRoutes } from '@auscura/contracts';
import type { HealthcareProviderInvitation } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';
import { healthcareProviderKeys } from './keys.ts';

export async function getInvitation(id: string, signal?: AbortSignal): Promise<HealthcareProviderInvitation> {
  const { data } = await apiRequest(healthcareProviderRoutes.getInvitation, 200, { params: { id }, signal });
  return data;
}

export function getInvitationQueryOptions(id: string) {
  return queryOptions({
    queryKey: healthcareProviderKeys.invitation(id),
    queryFn: ({ signal }) => getInvitation(id, signal),
    // An unknown or malformed id will not become valid by asking again.
    retry: false,
    staleTime: Infinity,
  });
}

/** An invitation and whether it can still be used (unauthenticated, clinician-portal §2.5). */
export function useInvitation(id: string) {
  return useQuery(getInvitationQueryOptions(id));
}
