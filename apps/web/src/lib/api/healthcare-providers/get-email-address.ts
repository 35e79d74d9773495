import { queryOptions, useQuery } from '@tanstack/react-query';
import { healthcareProviderRoutes } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';
import { healthcareProviderKeys } from './keys.ts';

export async function getEmailAddress(id: string, signal?: AbortSignal): Promise<string> {
  const { data } = await apiRequest(healthcareProviderRoutes.getEmailAddress, 200, { params: { id }, signal });
  return data.emailAddress;
}

export function getEmailAddressQueryOptions(id: string) {
  return queryOptions({
    queryKey: healthcareProviderKeys.emailAddress(id),
    queryFn: ({ signal }) => getEmailAddress(id, signal),
  });
}

/** The provider's sign-in address, read from the server (the id token's copy goes stale on a change). */
export function useEmailAddress(id: string) {
  return useQuery(getEmailAddressQueryOptions(id));
}
