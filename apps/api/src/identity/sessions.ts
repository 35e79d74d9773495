import { sql } from 'kysely';
import { claimNamespace } from '@auscura/contracts';
import type { Db } from '../db/connect.js';
import type { AccountIdentity } from './account-identity.js';
import { HttpError } from '../lib/http-error.js';
import type { Mailer } from '../mail/mailer.js';
import type { Auth0Management } from './auth0-management.js';
import type { Principal } from '../lib/principal.js';
import { storedOidcId } from './oidc-adapter.js';

/**
 * The grant an access token of the built-in provider was issued under (a claim of ours), so a
 * password or email change can end every other session of the provider but keep the one it was
 * made from. Not a credential: a grant id alone obtains no token.
 */
export const grantClaim = `${claimNamespace}grantId`;

/**
 * Ends the built-in provider's sessions, grants, refresh tokens and authorization codes of one
 * healthcare provider (the `_session` cookie then finds no session and `prompt=none` answers
 * login_required). With `keepGrantId`, the grant the change was made under and the browser
 * session holding it stay. Answers how many records were removed.
 */
async function revokeBuiltInSessions(
  db: Db,
  healthcareProviderId: string,
  options: { keepGrantId?: string } = {},
): Promise<number> {
  const keep = options.keepGrantId ?? null;
  const result = await db
    .deleteFrom('oidc_payloads')
    .where(sql<boolean>`payload->>'accountId' = ${healthcareProviderId}`)
    .$if(keep !== null, (query) =>
      query
        .where((eb) => eb.or([eb('grant_id', 'is', null), eb('grant_id', '!=', keep!)]))
        .where((eb) => eb.not(eb.and([eb('type', '=', 'Grant'), eb('id', '=', storedOidcId(keep!))])))
        // A browser session keeps its record when it holds the kept grant.
        .where(sql<boolean>`NOT (type = 'Session' AND position(${keep} in payload::text) > 0)`),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}

/** Auth0 mode: every session and refresh token of the user at Auth0 (Management API). */
async function revokeAuth0Sessions(management: Auth0Management, auth0UserId: string): Promise<void> {
  await management.revokeSessions(auth0UserId);
}

/**
 * Email and password changes need a recent sign-in (OIDC step-up, RFC 9470): a stolen access
 * token alone cannot take the account over. The web app answers the challenge with a new
 * authorization request with `max_age`, which makes the provider ask for the password again.
 */
export const recentSignInSeconds = 600;

export function assertRecentSignIn(principal: Principal, now = Date.now()): void {
  const authTime = principal.authTime;
  if (authTime !== undefined && now / 1000 - authTime <= recentSignInSeconds) return;
  const error = new HttpError(
    'EXPIRED_SESSION',
    'For your security, sign in again before changing your email address or password.',
  );
  error.headers['www-authenticate'] =
    `Bearer error="insufficient_user_authentication", error_description="A recent sign-in is required", max_age=${recentSignInSeconds}`;
  throw error;
}

/**
 * After a password or email change (or an operator's reset): every other session of the provider
 * ends, at the built-in provider or at Auth0. The built-in provider's access tokens of the ended
 * sessions are refused within a second (live-sessions.ts); Auth0's run out at their exp.
 */
export async function endOtherSessions(
  context: { db: Db; identity: AccountIdentity },
  account: { id: string; auth0UserId: string | null },
  keepGrantId?: string,
): Promise<void> {
  if (context.identity.mode === 'auth0') {
    if (context.identity.management && account.auth0UserId) {
      await revokeAuth0Sessions(context.identity.management, account.auth0UserId);
    }
    return;
  }
  await revokeBuiltInSessions(context.db, account.id, { keepGrantId });
}

/** The old address hears of a change of the sign-in address or password (no link, no secret). */
export async function notifyAccountChange(
  mailer: Mailer | undefined,
  to: string,
  change: 'email' | 'password',
): Promise<void> {
  if (!mailer) return;
  const what = change === 'email' ? 'sign-in email address' : 'password';
  const lines = [
    `The ${what} of your Auscura account was changed.`,
    '',
    'If you made this change, no action is needed.',
    'If you did not, contact your organization’s Auscura administrator at once: they can reset your password and end every session.',
  ];
  await mailer.send({ to, subject: `Your Auscura ${what} was changed`, text: lines.join('\n') });
}
