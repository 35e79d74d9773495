import { videoRoutes } from '@auscura/contracts';
import type { TurnCredentials } from '@auscura/contracts';
import { apiRequest, authorization } from '../../api-client.ts';

/**
 * STUN/TURN servers with fresh credentials for one exam's room. The patient passes its session
 * token; without one the signed-in provider's token is used. Not cached: credentials expire, and
 * every new peer connection (an ICE restart too) asks again.
 */
export async function getTurnCredentials(
  virtualExamId: string,
  patientSessionToken?: string,
  signal?: AbortSignal,
): Promise<TurnCredentials> {
  const bearer = patientSessionToken ?? (await authorization()).header.replace(/^Bearer /, '');
  const { data } = await apiRequest(videoRoutes.turnCredentials, 200, { query: { virtualExamId }, bearer, signal });
  return data;
}
