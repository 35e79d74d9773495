import { selfExamRoutes } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';

/** Whether the request is complete, asked with the patient's session token. */
export async function getSelfExamFinalized(selfExamRequestId: string, token: string): Promise<boolean> {
  const { data } = await apiRequest(selfExamRoutes.finalized, 200, {
    params: { id: selfExamRequestId },
    bearer: token,
  });
  return data.finalized;
}
