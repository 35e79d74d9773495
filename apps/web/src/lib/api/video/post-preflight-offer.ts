import { videoRoutes } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';

/** The preflight's signaling: the browser's complete offer to the API's own peer, whose answer comes back. */
export async function postPreflightOffer(token: string, sdp: string, signal?: AbortSignal): Promise<string> {
  const { data } = await apiRequest(videoRoutes.compatibilityPreflight, 200, { body: { sdp }, bearer: token, signal });
  return data.sdp;
}
