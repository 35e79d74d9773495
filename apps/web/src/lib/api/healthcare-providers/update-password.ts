import { useMutation, useQueryClient } from '@tanstack/react-query';
import { healthcareProviderRoutes } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';
import { getHealthcareProviderQueryOptions } from './get-healthcare-provider.ts';

export async function updatePassword(id: string, password: string): Promise<void> {
  await apiRequest(healthcareProviderRoutes.updatePassword, 204, { params: { id }, body: { password } });
}

/** Sets a new password; the server checks its policy and clears mustChangePassword. */
export function useUpdatePassword(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => updatePassword(id, password),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getHealthcareProviderQueryOptions(id).queryKey }),
  });
}
