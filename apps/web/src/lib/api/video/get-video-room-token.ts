import { videoRoutes } from '@auscura/contracts';
import type { VideoRoom } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';

/** Patient: an access token for the exam's room, with the patient's session token (once admitted). */
export async function getVideoRoomToken(
  virtualExamId: string,
  patientSessionToken: string,
  signal?: AbortSignal,
): Promise<VideoRoom> {
  const { data } = await apiRequest(videoRoutes.roomToken, 200, {
    params: { id: virtualExamId },
    bearer: patientSessionToken,
    signal,
  });
  return data;
}
