import { realtimeRoutes } from '@auscura/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.js';
import { notFound } from '../lib/http-error.js';
import { principalOf, route } from '../lib/route.js';
import type { PatientSessions } from '../identity/patient-session.js';
import { createVirtualExamRepository } from '../virtual-exams/repository.js';
import { examOver, isCodeLive } from '../virtual-exams/service.js';
import { providerParticipant } from './provider-participant.js';
import type { Participant } from './rules.js';
import { participantTokenTtlSeconds } from './tokens.js';
import type { ParticipantTokens } from './tokens.js';
import { firebaseTokenTtlSeconds } from './firebase-tokens.js';
import type { FirebaseTokens } from './firebase-tokens.js';

/**
 * The §7.3 token calls: a participant token for one live exam's shared state. Providers of the
 * exam's organization are authorized participants; a patient with a session for this exam is a
 * potential participant (it sees only its own entry request until the provider admits it).
 */
export async function realtimeRoutesPlugin(
  app: FastifyInstance,
  options: {
    db: Db;
    tokens: ParticipantTokens;
    sessions: PatientSessions;
    /** Set when the state lives in Firebase: the calls answer Firebase custom tokens instead. */
    firebaseTokens?: FirebaseTokens;
  },
) {
  const virtualExams = createVirtualExamRepository(options.db);
  const issue = async (participant: Participant) =>
    options.firebaseTokens
      ? { value: await options.firebaseTokens.issue(participant), expiresIn: firebaseTokenTtlSeconds }
      : { value: await options.tokens.issue(participant), expiresIn: participantTokenTtlSeconds };

  route(app, realtimeRoutes.authorizedParticipant, async ({ params, request }) => {
    const principal = principalOf(request);
    const row = await virtualExams.findInOrganization(params.id, principal.organizationId);
    if (!row) throw notFound('virtual exam');
    const provider = await providerParticipant(options.db, principal.healthcareProviderId);
    return { status: 200, body: await issue({ virtualExamId: row.id, ...provider }) };
  });

  route(app, realtimeRoutes.potentialParticipant, async ({ params, request }) => {
    const session = await options.sessions.fromRequest(request, params.id);
    const row = await virtualExams.findRow(params.id);
    if (!row || !isCodeLive(row)) throw examOver();
    return {
      status: 200,
      body: await issue({ virtualExamId: row.id, id: session.pid, name: session.n, role: 'Patient' }),
    };
  });
}
