import crypto from 'node:crypto';
import type { Db } from '../../db/connect.js';
import { createTokenSigner } from '../../lib/signed-token.js';

/** A compatibility test token lasts long enough for one run of the wizard (the preflight starts at once). */
export const compatibilityTokenTtlSeconds = 10 * 60;
/** TURN credentials for the test: the preflight and bitrate test take under a minute. */
export const compatibilityTurnTtlSeconds = 5 * 60;

const prefix = 'ct1';

/**
 * The compatibility test's token (exams-and-devices §7.2, §7.6): anyone may have one (the test is
 * public), rate-limited per client address; it opens the test's TURN credentials and preflight
 * only. Signed with a key of its own in the database, so any API process verifies it.
 */
export async function createCompatibilityTokens(db: Db) {
  const signer = createTokenSigner<{ tid: string }>(db, { kind: 'compatibility-test', prefix });
  // Make the key now: the first token must not write to the database in the middle of a request
  // (and a database that cannot be written shows at start, not in the test).
  await signer.sign({ tid: 'start' }, 1);
  return {
    issue: () => signer.sign({ tid: crypto.randomBytes(9).toString('base64url') }, compatibilityTokenTtlSeconds),
    /** Whether a bearer token is a valid compatibility token. */
    async verify(token: string | null): Promise<boolean> {
      if (!token?.startsWith(`${prefix}.`)) return false;
      return (await signer.verify(token)).ok;
    },
  };
}
export type CompatibilityTokens = Awaited<ReturnType<typeof createCompatibilityTokens>>;
