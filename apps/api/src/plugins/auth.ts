import { apiBasePath } from '@auscura/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.js';
import type { TokenVerifier } from '../lib/principal.js';
import { HttpError, unauthorized } from '../lib/http-error.js';
import { patientSessionTokenPrefix } from '../identity/patient-session.js';

/**
 * The calls a provider with a pending onboarding step may make (clinician-portal §2.6): read and
 * change their own record (names, terms version) and set their password. Everything else
 * answers HCP_SHOULD_REFRESH_DATA_ERROR until the steps are done.
 */
export const onboardingRoutes = new Set([
  `GET ${apiBasePath}/healthcare-providers/:id`,
  `PATCH ${apiBasePath}/healthcare-providers/:id`,
  `PATCH ${apiBasePath}/healthcare-providers/:id/password`,
]);

/**
 * How long "this provider has no pending onboarding step" is reused: the same bound as the session
 * check's (identity/live-sessions.ts), so under load a provider costs one lookup per half second,
 * not one per request. Only that answer is kept; a pending step is looked up again on every call,
 * so finishing onboarding takes effect on the next request. The one way back to pending while
 * signed in, an operator's reset-password, also ends the provider's sessions, which the session
 * check enforces within the same time (a TC_VERSION change needs a restart, which empties this).
 */
export const onboardedCacheMs = 500;
const onboardedCacheLimit = 10_000;

const onboardingPendingMessage =
  'Finish setting up your account first: change your password and agree to the current terms.';

/**
 * One hook authenticates everything in the scope it is added to (all of /api/v1, CONVENTIONS.md
 * rule 8): a route is public only when its contract says so; everything else, unknown paths
 * included, needs a valid bearer token. Then onboarding is enforced here, not only by the web
 * app: a provider who must change a (temporary) password or agree to newer terms reaches only
 * the onboarding calls. Public routes (invitations, a patient's access-code session) are untouched.
 */
export function addAuthHook(
  app: FastifyInstance,
  verify: TokenVerifier,
  options: { db: Db; tcVersion: number; now?: () => number },
) {
  const now = options.now ?? Date.now;
  const onboardedUntil = new Map<string, number>();
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.public) return;
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header) : null;
    if (!match?.[1]) throw unauthorized('A bearer token is required.');
    // A patient's session (a signed token, not a JWT) reaches only the routes whose contract lets
    // it through; their handler checks the session, its exam and what it may do there.
    if (request.routeOptions.config?.patientSession && match[1].startsWith(patientSessionTokenPrefix)) return;
    const principal = await verify(match[1]);
    request.principal = principal;
    if (onboardingRoutes.has(`${request.method} ${request.routeOptions.url}`)) return;
    const id = principal.healthcareProviderId;
    const until = onboardedUntil.get(id);
    if (until !== undefined && until > now()) return;
    if (until !== undefined) onboardedUntil.delete(id);
    const row = await options.db
      .selectFrom('healthcare_providers')
      .select(['must_change_password', 'tc_version'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (row && (row.must_change_password || row.tc_version < options.tcVersion)) {
      throw new HttpError('HCP_SHOULD_REFRESH_DATA_ERROR', onboardingPendingMessage);
    }
    if (onboardedUntil.size >= onboardedCacheLimit) onboardedUntil.delete(onboardedUntil.keys().next().value as string);
    onboardedUntil.set(id, now() + onboardedCacheMs);
  });
}
