import { realtimeRoutes } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';

/** exams-and-devices §7.3 (patient side, bearer: the patient session): a participant token for the shared state. */
export async function getPotentialParticipantToken(virtualExamId: string, sessionToken: string): Promise<string> {
  const { data } = await apiRequest(realtimeRoutes.potentialParticipant, 200, {
    params: { id: virtualExamId },
    bearer: sessionToken,
  });
  return data.value;
}
