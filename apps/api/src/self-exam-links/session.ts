import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/connect.js';
import { HttpError, unauthorized } from '../lib/http-error.js';
import { bearerToken, createTokenSigner } from '../lib/signed-token.js';
import { selfExamSessionTtlSeconds } from '../self-exams/session.js';

/**
 * A patient's session on a standing self-exam link: as long as a request's (2 hours), and it opens
 * only its own link's call (the `sl` claim): starting a self exam of the points the patient chose.
 * The recordings go up with the session of the use that call makes (self-exams/session.ts). `ds` is
 * when the link was sent: sending it again (a new code) ends the sessions opened with the old one.
 */
type Claims = { sl: string; ds: number };

export function createSelfExamLinkSessions(db: Db) {
  const signer = createTokenSigner<Claims>(db, { kind: 'self-exam-link-session', prefix: 'sl1' });
  return {
    issue: (link: { id: string; date_sent: Date }) =>
      signer.sign({ sl: link.id, ds: link.date_sent.getTime() }, selfExamSessionTtlSeconds),

    /**
     * Refuses a missing, forged or expired token, one for another link, and one opened with a code
     * the link no longer has (UNAUTHORIZED / EXPIRED_SESSION).
     */
    async check(request: FastifyRequest, link: { id: string; date_sent: Date }): Promise<void> {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw unauthorized('A self-exam link session token is required.');
      const verified = await signer.verify(token);
      if (!verified.ok) {
        if (verified.reason === 'expired') throw new HttpError('EXPIRED_SESSION', 'The session has expired.');
        throw unauthorized('The session token is not valid.');
      }
      if (verified.payload.sl !== link.id) throw unauthorized('The session token is not for this link.');
      if (verified.payload.ds !== link.date_sent.getTime()) {
        throw unauthorized('The link was sent again with a new code: enter the new code.');
      }
    },
  };
}
export type SelfExamLinkSessions = ReturnType<typeof createSelfExamLinkSessions>;
