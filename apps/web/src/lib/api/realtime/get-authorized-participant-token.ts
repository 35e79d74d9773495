import { realtimeRoutes } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';

/** exams-and-devices §7.3 (provider side): a participant token for the live exam's shared state. */
export async function getAuthorizedParticipantToken(virtualExamId: string): Promise<string> {
  const { data } = await apiRequest(realtimeRoutes.authorizedParticipant, 200, { params: { id: virtualExamId } });
  return data.value;
}
