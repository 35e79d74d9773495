import { useMutation } from '@tanstack/react-query';
import { healthcareProviderRoutes } from '@auscura/contracts';
import type { createHealthcareProviderBodySchema } from '@auscura/contracts';
import type { z } from 'zod';
import { apiRequest } from '../../api-client.ts';

export type CreateHealthcareProviderBody = z.infer<typeof createHealthcareProviderBodySchema>;

export async function createHealthcareProvider(body: CreateHealthcareProviderBody): Promise<{ id: string }> {
  const { data } = await apiRequest(healthcareProviderRoutes.create, 201, { body });
  return data;
}

/** Creates the account an invitation was sent for (unauthenticated, once per invitation). */
export function useCreateHealthcareProvider() {
  return useMutation({ mutationFn: createHealthcareProvider });
}
