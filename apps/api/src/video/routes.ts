import { videoRoutes } from '@auscura/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/connect.js';
import type { TokenVerifier } from '../lib/principal.js';
import { HttpError, notFound, unauthorized } from '../lib/http-error.js';
import { bearerToken } from '../lib/signed-token.js';
import { principalOf, route } from '../lib/route.js';
import { providerParticipant } from '../realtime/provider-participant.js';
import { createStateStore } from '../realtime/store.js';
import { participantTokenTtlSeconds } from '../realtime/tokens.js';
import type { ParticipantTokens } from '../realtime/tokens.js';
import { patientSessionTokenPrefix } from '../identity/patient-session.js';
import type { PatientSessions } from '../identity/patient-session.js';
import { createVirtualExamRepository } from '../virtual-exams/repository.js';
import { examOver, isCodeLive } from '../virtual-exams/service.js';
import { turnCredentials } from './turn.js';
import type { TurnSettings } from './turn.js';
import { twilioTokenTtlSeconds } from './twilio-tokens.js';
import type { TwilioTokens } from './twilio-tokens.js';
import { compatibilityTurnTtlSeconds } from './compatibility/test-tokens.js';
import type { CompatibilityTokens } from './compatibility/test-tokens.js';

/** How long a patient's TURN credentials outlast its exam's access code (a late end, a reconnect). */
export const patientTurnGraceSeconds = 15 * 60;

type VideoRoutesOptions = {
  db: Db;
  sessions: PatientSessions;
  verify: TokenVerifier;
  participantTokens: ParticipantTokens;
  turn: TurnSettings;
  /** Set when TWILIO_* is: rooms and tokens are Twilio Video's. */
  twilio?: TwilioTokens;
  /**
   * Whether the server holds the live exam's state (the WebSocket adapter): then a patient gets a
   * room token only once admitted. With Firebase the admission lives there, not here.
   */
  checksAdmission: boolean;
  /** The compatibility test's tokens, which open a few minutes' TURN credentials (§7.6). */
  compatibilityTokens: CompatibilityTokens;
};

/**
 * The §7.2 calls. The room of a virtual exam is named by the exam's id. The provider gets it
 * (and its token) for an exam of the organization; the patient gets a token with the session of
 * that exam, once admitted. TURN credentials go to the exam's provider and its patient session, and —
 * lasting minutes, not hours — to the holder of a compatibility test token.
 */
export async function videoRoutesPlugin(app: FastifyInstance, options: VideoRoutesOptions) {
  const virtualExams = createVirtualExamRepository(options.db);
  const states = createStateStore(options.db);

  const room = async (
    roomName: string,
    participant: { id: string; name: string; role: 'HealthcareProvider' | 'Patient' },
  ) =>
    options.twilio
      ? {
          roomName,
          service: 'twilio' as const,
          // The identity is the participant id (the provider's id, or the patient session's), never a name.
          accessToken: { value: options.twilio.issue(participant.id, roomName), expiresIn: twilioTokenTtlSeconds },
        }
      : {
          roomName,
          service: 'p2p' as const,
          accessToken: {
            value: await options.participantTokens.issue({ virtualExamId: roomName, ...participant }),
            expiresIn: participantTokenTtlSeconds,
          },
        };

  route(app, videoRoutes.createRoom, async ({ body, request }) => {
    const principal = principalOf(request);
    const row = await virtualExams.findInOrganization(body.virtualExamId, principal.organizationId);
    if (!row) throw notFound('virtual exam');
    return {
      status: 200,
      body: await room(row.id, await providerParticipant(options.db, principal.healthcareProviderId)),
    };
  });

  /** The patient session's live exam, once the provider has admitted it (with the WebSocket adapter). */
  async function admittedPatient(request: FastifyRequest, virtualExamId: string) {
    const session = await options.sessions.fromRequest(request, virtualExamId);
    const row = await virtualExams.findRow(virtualExamId);
    if (!row || !isCodeLive(row)) throw examOver();
    if (options.checksAdmission) {
      const { state } = await states.read(row.id);
      if (!state.admitted.includes(session.pid)) {
        throw new HttpError('UNAUTHORIZED', 'The provider has not admitted this patient yet.', 403);
      }
    }
    return { session, row };
  }

  route(app, videoRoutes.roomToken, async ({ params, request }) => {
    const { session, row } = await admittedPatient(request, params.id);
    return { status: 200, body: await room(row.id, { id: session.pid, name: session.n, role: 'Patient' }) };
  });

  /**
   * The exam's provider (a provider of its organization) gets the configured lifetime; the exam's
   * patient session, once admitted (issue 36), gets credentials only for what is left of the exam
   * (its access code's expiry, which already holds the schedule's grace) plus a grace of its own.
   */
  async function turnLifetimeFor(request: FastifyRequest, virtualExamId: string): Promise<number> {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw unauthorized('A bearer token is required.');
    if (token.startsWith(patientSessionTokenPrefix)) {
      const { row } = await admittedPatient(request, virtualExamId);
      const left = Math.ceil((new Date(row.access_code_expires_at).getTime() - Date.now()) / 1000);
      return Math.min(options.turn.ttlSeconds, Math.max(0, left) + patientTurnGraceSeconds);
    }
    const principal = await options.verify(token);
    if (!(await virtualExams.findInOrganization(virtualExamId, principal.organizationId))) {
      throw notFound('virtual exam');
    }
    return options.turn.ttlSeconds;
  }

  route(app, videoRoutes.turnCredentials, async ({ query, request }) => {
    if (query.virtualExamId === undefined) {
      if (!(await options.compatibilityTokens.verify(bearerToken(request.headers.authorization)))) {
        throw unauthorized('A compatibility test token is required.');
      }
      return {
        status: 200,
        body: turnCredentials({
          ...options.turn,
          ttlSeconds: Math.min(options.turn.ttlSeconds, compatibilityTurnTtlSeconds),
        }),
      };
    }
    const ttlSeconds = await turnLifetimeFor(request, query.virtualExamId);
    return { status: 200, body: turnCredentials({ ...options.turn, ttlSeconds }) };
  });
}
