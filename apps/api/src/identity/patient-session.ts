import crypto from 'node:crypto';
import type { PatientSession } from '@auscura/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/connect.js';
import { HttpError, unauthorized } from '../lib/http-error.js';
import { bearerToken, createTokenSigner } from '../lib/signed-token.js';

/**
 * A patient's session lasts 10 minutes and is refreshed by the patient's page while the exam's
 * code is valid; a lost token costs the patient one more entry of the code, a stolen one is
 * useful for minutes and only for this exam.
 */
const patientSessionTtlSeconds = 600;

/** Patient session tokens are signed tokens with this prefix (lib/signed-token.ts); provider tokens are JWTs. */
export const patientSessionTokenPrefix = 'ps1.';

type PatientSessionClaims = { ve: string; pid: string; n: string };

export function createPatientSessions(db: Db) {
  const signer = createTokenSigner<PatientSessionClaims>(db, {
    kind: 'patient-session',
    prefix: patientSessionTokenPrefix.slice(0, -1),
  });

  async function issue(virtualExamId: string, participantId: string, userName: string): Promise<PatientSession> {
    const token = await signer.sign({ ve: virtualExamId, pid: participantId, n: userName }, patientSessionTtlSeconds);
    return {
      token,
      tokenType: 'Bearer',
      expiresIn: patientSessionTtlSeconds,
      virtualExamId,
      participantId,
      userName,
    };
  }

  return {
    /** A new session: a new participant id (a new entry request, a new line in the participant log). */
    start: (virtualExamId: string, userName: string) =>
      issue(virtualExamId, crypto.randomBytes(12).toString('base64url'), userName),
    renew: (claims: PatientSessionClaims) => issue(claims.ve, claims.pid, claims.n),

    /**
     * The patient session of a request for one virtual exam: EXPIRED_SESSION when it ran out,
     * UNAUTHORIZED when it is missing, forged, or for another exam.
     */
    async fromRequest(request: FastifyRequest, virtualExamId: string): Promise<PatientSessionClaims> {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw unauthorized('A patient session token is required.');
      const verified = await signer.verify(token);
      if (!verified.ok) {
        if (verified.reason === 'expired') throw new HttpError('EXPIRED_SESSION', 'The session has expired.');
        throw unauthorized('The session token is not valid.');
      }
      if (verified.payload.ve !== virtualExamId) throw unauthorized('The session token is not for this exam.');
      return { ve: verified.payload.ve, pid: verified.payload.pid, n: verified.payload.n };
    },
  };
}
export type PatientSessions = ReturnType<typeof createPatientSessions>;
