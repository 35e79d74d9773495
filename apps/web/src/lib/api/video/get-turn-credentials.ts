import { videoRoutes } from '@auscura/contracts';
import type { TurnCredentials } from '@auscura/contracts';
import { apiRequest, authorization } from '../../api-client.ts';

/** The one call of GET /video/turn-credentials: for an exam's room, or for the compatibility test. */
async function requestTurnCredentials(
  virtualExamId: string | undefined,
  bearer: string,
  signal?: AbortSignal,
): Promise<TurnCredentials> {
  const { data } = await apiRequest(videoRoutes.turnCredentials, 200, {
    query: virtualExamId ? { virtualExamId } : {},
    bearer,
    signal,
  });
  return data;
}

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
  return requestTurnCredentials(virtualExamId, bearer, signal);
}

/** The compatibility test's TURN credentials (a few minutes'), with its token (exams-and-devices §7.6). */
export function getCompatibilityTurnCredentials(token: string, signal?: AbortSignal): Promise<TurnCredentials> {
  return requestTurnCredentials(undefined, token, signal);
}
