import type { FastifyInstance } from 'fastify';
import type { PatientSession, VirtualExam } from '@auscura/contracts';
import { signIn } from './sign-in.js';

export type Provider = { token: string; id: string; organizationId: string };

const claim = (token: string, name: string): string =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString())[`https://auscura.example/${name}`];

export async function signInProvider(app: FastifyInstance, email: string): Promise<Provider> {
  const token = (await signIn(app, email, 'Auscura-demo-2026')).access_token;
  return { token, id: claim(token, 'healthcareProviderId'), organizationId: claim(token, 'organizationId') };
}

/** A patient profile of the provider's organization. */
export async function somePatientOf(app: FastifyInstance, provider: Provider): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/v1/search/patient-profiles',
    headers: { authorization: `Bearer ${provider.token}` },
  });
  return (response.json() as { items: { id: string }[] }).items[0]!.id;
}

/** The next 5-minute boundary at least `minutesAhead` from now. */
export function slot(minutesAhead: number): Date {
  const step = 5 * 60_000;
  return new Date(Math.ceil((Date.now() + minutesAhead * 60_000) / step) * step);
}

/** Schedules (or, without dates, starts) a virtual exam; throws unless it is created. */
export async function createVirtualExam(
  app: FastifyInstance,
  provider: Provider,
  patientProfileId: string,
  dates?: { start: Date; end: Date },
): Promise<VirtualExam> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/virtual-exams',
    headers: { authorization: `Bearer ${provider.token}` },
    payload: {
      healthcareProviderId: provider.id,
      patientProfileId,
      timeZone: 'Europe/Paris',
      ...(dates ? { scheduledStartDate: dates.start.toISOString(), scheduledEndDate: dates.end.toISOString() } : {}),
    },
  });
  if (response.statusCode !== 201) throw new Error(`create answered ${response.statusCode}: ${response.body}`);
  return response.json() as VirtualExam;
}

export async function patientSession(
  app: FastifyInstance,
  virtualExam: Pick<VirtualExam, 'id' | 'accessCode'>,
  userName = 'Pat Patient',
  remoteAddress = '127.0.0.1',
): Promise<PatientSession> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/virtual-exams/${virtualExam.id}/auth`,
    payload: { userName, accessCode: virtualExam.accessCode },
    remoteAddress,
  });
  if (response.statusCode !== 200) throw new Error(`auth answered ${response.statusCode}: ${response.body}`);
  return response.json() as PatientSession;
}

/** A §7.3 participant token: the provider's (bearer JWT) or the patient's (bearer session token). */
export async function participantToken(
  app: FastifyInstance,
  virtualExamId: string,
  as: { provider: Provider } | { session: PatientSession },
): Promise<string> {
  const kind = 'provider' in as ? 'authorized-participant' : 'potential-participant';
  const token = 'provider' in as ? as.provider.token : as.session.token;
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/realtime/auth/live-exam/${virtualExamId}/${kind}`,
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.statusCode !== 200) throw new Error(`${kind} answered ${response.statusCode}: ${response.body}`);
  return (response.json() as { value: string }).value;
}
