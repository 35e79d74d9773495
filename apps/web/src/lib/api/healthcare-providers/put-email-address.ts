import { useMutation, useQueryClient } from '@tanstack/react-query';
import { healthcareProviderRoutes } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';
import { getEmailAddressQueryOptions } from './get-email-address.ts';
import { getHealthcareProviderQueryOptions } from './get-healthcare-provider.ts';

export async function putEmailAddress(id: string, emailAddress: string): Promise<string> {
  const { data } = await apiRequest(healthcareProviderRoutes.putEmailAddress, 200, {
    params: { id },
    body: { emailAddress },
  });
  return data.emailAddress;
}

/** Changes the sign-in address; the displayed current address takes the saved one. */
export function usePutEmailAddress(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (emailAddress: string) => putEmailAddress(id, emailAddress),
    onSuccess: (saved) => {
      queryClient.setQueryData(getEmailAddressQueryOptions(id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: getHealthcareProviderQueryOptions(id).queryKey });
    },
  });
}
