import { videoRoutes } from '@auscura/contracts';
import type { VideoRoom } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';

/** Provider: the virtual exam's video room and the provider's access token (§7.2). */
export async function createVideoRoom(virtualExamId: string, signal?: AbortSignal): Promise<VideoRoom> {
  const { data } = await apiRequest(videoRoutes.createRoom, 200, { body: { virtualExamId }, signal });
  return data;
}
