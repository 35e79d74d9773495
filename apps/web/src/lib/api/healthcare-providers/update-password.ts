import { useMutation, useQueryClient } from '@tanstack/react-query';
import { healthcareProviderRoutes } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';
import { getHealthcareProviderQueryOptions } from './get-healthcare-provider.ts';

type PasswordChange = { password: string; currentPassword: string };

export async function updatePassword(id: string, change: PasswordChange): Promise<void> {
  await apiRequest(healthcareProviderRoutes.updatePassword, 204, { params: { id }, body: change });
}

/** Sets a new password; the server checks its policy and clears mustChangePassword. */
export function useUpdatePassword(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PasswordChange) => updatePassword(id, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getHealthcareProviderQueryOptions(id).queryKey }),
  });
}
