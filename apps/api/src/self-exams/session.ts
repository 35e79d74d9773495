import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/connect.js';
import { HttpError, unauthorized } from '../lib/http-error.js';
import { bearerToken, createTokenSigner } from '../lib/signed-token.js';

/**
 * A patient's self-exam session lasts 2 hours: enough to record every point of a request at home
 * (10 points of at most 60 s each, with time to place the stethoscope), after which the patient
 * enters the code again. The token opens only its own request's calls (the `se` claim).
 */
export const selfExamSessionTtlSeconds = 2 * 60 * 60;

type Claims = { se: string };

export function createSelfExamSessions(db: Db) {
  const signer = createTokenSigner<Claims>(db, { kind: 'self-exam-session', prefix: 'ss1' });
  return {
    issue: (selfExamRequestId: string) => signer.sign({ se: selfExamRequestId }, selfExamSessionTtlSeconds),

    /** Refuses a missing, forged or expired token, and one for another request (UNAUTHORIZED / EXPIRED_SESSION). */
    async check(request: FastifyRequest, selfExamRequestId: string): Promise<void> {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw unauthorized('A self-exam session token is required.');
      const verified = await signer.verify(token);
      if (!verified.ok) {
        if (verified.reason === 'expired') throw new HttpError('EXPIRED_SESSION', 'The session has expired.');
        throw unauthorized('The session token is not valid.');
      }
      if (verified.payload.se !== selfExamRequestId) throw unauthorized('The session token is not for this request.');
    },
  };
}
export type SelfExamSessions = ReturnType<typeof createSelfExamSessions>;
