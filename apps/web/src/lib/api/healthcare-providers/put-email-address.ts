import { useMutation, useQueryClient } from '@tanstack/react-query';
import { healthcareProviderRoutes } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';
import { getEmailAddressQueryOptions } from './get-email-address.ts';
import { getHealthcareProviderQueryOptions } from './get-healthcare-provider.ts';

type EmailAddressChange = { emailAddress: string; currentPassword: string };

export async function putEmailAddress(id: string, change: EmailAddressChange): Promise<string> {
  const { data } = await apiRequest(healthcareProviderRoutes.putEmailAddress, 200, { params: { id }, body: change });
  return data.emailAddress;
}

/** Changes the sign-in address; the displayed current address takes the saved one. */
export function usePutEmailAddress(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: EmailAddressChange) => putEmailAddress(id, change),
    onSuccess: (saved) => {
      queryClient.setQueryData(getEmailAddressQueryOptions(id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: getHealthcareProviderQueryOptions(id).queryKey });
    },
  });
}
