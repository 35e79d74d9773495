import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { unauthorized } from '../lib/http-error.js';
import { storedOidcId } from './oidc-adapter.js';
import type { Principal, TokenVerifier } from '../lib/principal.js';

/**
 * How long a "this session is live" answer is reused. A revocation (password or email change,
 * sign-out, an operator's reset-password or revoke-sessions) deletes the grant in the database,
 * which every API process reads: each process refuses the session's access tokens within this
 * time, with no message between processes needed (the operator CLI included). Under load a
 * client pays one indexed lookup per half second, not one per request.
 */
const liveSessionCacheMs = 500;

const cacheLimit = 10_000;

/**
 * Built-in provider: an access token works only while the grant (session) it was issued under
 * exists, so ending a session ends its access tokens too, not at their `exp` (OWASP ASVS 4.0.3
 * §3.3.1, §3.3.3). A token without a grant claim cannot be checked and is refused.
 */
export function requireLiveSession(
  verify: TokenVerifier,
  db: Db,
  options: { cacheMs?: number; now?: () => number } = {},
): TokenVerifier {
  const cacheMs = options.cacheMs ?? liveSessionCacheMs;
  const now = options.now ?? Date.now;
  const liveUntil = new Map<string, number>();

  async function isLive(principal: Principal & { grantId: string }): Promise<boolean> {
    const key = `${principal.healthcareProviderId}:${principal.grantId}`;
    const hit = liveUntil.get(key);
    if (hit !== undefined && hit > now()) return true;
    if (hit !== undefined) liveUntil.delete(key);
    const row = await db
      .selectFrom('oidc_payloads')
      .select('id')
      .where('type', '=', 'Grant')
      .where('id', '=', storedOidcId(principal.grantId))
      .where(sql<boolean>`payload->>'accountId' = ${principal.healthcareProviderId}`)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
      .executeTakeFirst();
    if (!row) return false;
    if (liveUntil.size >= cacheLimit) liveUntil.delete(liveUntil.keys().next().value as string);
    liveUntil.set(key, now() + cacheMs);
    return true;
  }

  return async (token) => {
    const principal = await verify(token);
    const { grantId } = principal;
    if (grantId === undefined || !(await isLive({ ...principal, grantId }))) {
      throw unauthorized('This session has ended. Sign in again.');
    }
    return principal;
  };
}
