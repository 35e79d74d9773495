import { useMutation, useQueryClient } from '@tanstack/react-query';
import { healthcareProviderRoutes } from '@auscura/contracts';
import type { HealthcareProvider, updateHealthcareProviderBodySchema } from '@auscura/contracts';
import type { z } from 'zod';
import { apiRequest } from '../../api-client.ts';
import { getHealthcareProviderQueryOptions } from './get-healthcare-provider.ts';

export type UpdateHealthcareProviderBody = z.infer<typeof updateHealthcareProviderBodySchema>;

export async function updateHealthcareProvider(
  id: string,
  body: UpdateHealthcareProviderBody,
): Promise<HealthcareProvider> {
  const { data } = await apiRequest(healthcareProviderRoutes.update, 200, { params: { id }, body });
  return data;
}

/** Saves the accepted terms version, or the three names; the cached record takes the answer. */
export function useUpdateHealthcareProvider(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateHealthcareProviderBody) => updateHealthcareProvider(id, body),
    onSuccess: (saved) => queryClient.setQueryData(getHealthcareProviderQueryOptions(id).queryKey, saved),
  });
}
