import { configRoutes } from '@auscura/contracts';
import type { PublicConfig } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';

/**
 * Reads the public configuration (which adapters are live, how to sign in). No token: this call
 * tells the app how to get one. Read once before the first render, not a query.
 */
export async function getPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  const { data } = await apiRequest(configRoutes.get, 200, { signal });
  return data;
}
