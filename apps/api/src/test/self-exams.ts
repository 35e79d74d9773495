import type { FastifyInstance } from 'fastify';
import type { SelfExamRequest, SelfExamSession } from '@auscura/contracts';
import type { Provider } from './virtual-exams.js';

/** A self-exam request by the provider for the patient, for today; throws unless it is created. */
export async function createSelfExamRequest(
  app: FastifyInstance,
  provider: Provider,
  patientProfileId: string,
  auscultationPoints: string[] = ['h1', 'l1'],
): Promise<SelfExamRequest> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/patient-profiles/${patientProfileId}/self-exam-requests`,
    headers: { authorization: `Bearer ${provider.token}` },
    payload: { healthcareProviderId: provider.id, examDate: new Date().toISOString().slice(0, 10), auscultationPoints },
  });
  if (response.statusCode !== 201) throw new Error(`create answered ${response.statusCode}: ${response.body}`);
  return response.json() as SelfExamRequest;
}

/** The patient's session for the request, with its code; throws unless it is given. */
export async function selfExamSession(
  app: FastifyInstance,
  request: Pick<SelfExamRequest, 'id' | 'accessCode'>,
  remoteAddress = '127.0.0.1',
): Promise<SelfExamSession> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/self-exam-requests/auth',
    remoteAddress,
    payload: { selfExamRequestId: request.id, accessCode: request.accessCode },
  });
  if (response.statusCode !== 200) throw new Error(`auth answered ${response.statusCode}: ${response.body}`);
  return response.json() as SelfExamSession;
}
