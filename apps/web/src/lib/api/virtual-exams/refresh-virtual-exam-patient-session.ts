import { virtualExamRoutes } from '@auscura/contracts';
import type { PatientSession } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';

/** A fresh patient session (bearer: the current one) while the exam is live; EXPIRED_SESSION after. */
export async function refreshVirtualExamPatientSession(session: PatientSession): Promise<PatientSession> {
  const { data } = await apiRequest(virtualExamRoutes.refreshAuth, 200, {
    params: { id: session.virtualExamId },
    bearer: session.token,
  });
  return data;
}
