import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { encodeWav } from '@auscura/audio-engine';
import type { SelfExamLinkSession, SelfExamRequest, SelfExamSession, SentSelfExamLink } from '@auscura/contracts';
import { auscultationUpload } from './multipart.js';
import type { Provider } from './virtual-exams.js';

/** Two seconds of a 4 kHz tone: a recording the server takes. */
const shortWav = Buffer.from(encodeWav([new Float32Array(8000).map((_, i) => Math.sin(i / 5) * 0.2)], 4000));

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

/** Sends the patient's standing self-exam link as the provider; throws unless it is sent. */
export async function sendSelfExamLink(
  app: FastifyInstance,
  provider: Provider,
  patientProfileId: string,
  instructions?: string,
): Promise<SentSelfExamLink> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/patient-profiles/${patientProfileId}/self-exam-link`,
    headers: { authorization: `Bearer ${provider.token}` },
    payload: instructions === undefined ? {} : { instructions },
  });
  if (response.statusCode !== 201) throw new Error(`send answered ${response.statusCode}: ${response.body}`);
  return response.json() as SentSelfExamLink;
}

/** The patient's session on a standing link, with its code; throws unless it is given. */
export async function selfExamLinkSession(
  app: FastifyInstance,
  link: { id: string; accessCode: string },
  remoteAddress = '127.0.0.1',
): Promise<SelfExamLinkSession> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/self-exam-links/auth',
    remoteAddress,
    payload: { selfExamLinkId: link.id, accessCode: link.accessCode },
  });
  if (response.statusCode !== 200) throw new Error(`link auth answered ${response.statusCode}: ${response.body}`);
  return response.json() as SelfExamLinkSession;
}

/** Starts a self exam of the chosen points on the link (POST /self-exam-links/{id}/self-exams). */
export function startSelfExam(app: FastifyInstance, session: SelfExamLinkSession, auscultationPoints: string[]) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/self-exam-links/${session.selfExamLinkId}/self-exams`,
    headers: { authorization: `Bearer ${session.token}` },
    payload: { auscultationPoints },
  });
}

/** Uploads a short recording for one point of a self exam, with its session's token unless another is given. */
export function uploadSelfExamPoint(
  app: FastifyInstance,
  session: SelfExamSession,
  label: string,
  token = session.token,
) {
  const ar = session.auscultationRequests.find((a) => a.auscultationPoint === label)!;
  const body = auscultationUpload(
    {
      auscultationPoint: { type: label.startsWith('h') ? 'heart' : 'lungs', label },
      clientRecordingId: crypto.randomUUID(),
    },
    shortWav,
  );
  return app.inject({
    method: 'PUT',
    url: `/api/v1/self-exam-requests/${session.selfExamRequestId}/auscultation-requests/${ar.id}/auscultation`,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
}
