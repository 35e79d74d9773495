import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PublicConfig } from '@auscura/contracts';
import type { Env } from '../config/env.js';
import type { Db } from '../db/connect.js';
import { auth0ManagementFromEnv } from '../identity/auth0-management.js';
import { loadOrCreateIdentityKeys, publicJwks } from '../identity/keys.js';
import { createLockout } from '../identity/lockout.js';
import { sweepExpiredOidcPayloads } from '../identity/oidc-adapter.js';
import { createBuiltInProvider } from '../identity/provider.js';
import { requireLiveSession } from '../identity/live-sessions.js';
import { builtInIdentityRoutes } from '../identity/routes.js';
import { createTokenVerifier } from '../identity/verify-token.js';
import type { TokenVerifier } from '../lib/principal.js';
import type { AccountDirectory, AccountIdentity } from '../identity/account-identity.js';

export type Identity = {
  /** Checks a bearer token and answers its principal. */
  verify: TokenVerifier;
  /** How the web app signs in (GET /config). */
  auth: PublicConfig['auth'];
  /** Where accounts are created and changed. */
  accounts: AccountIdentity;
};

declare module 'fastify' {
  interface FastifyInstance {
    identity: Identity;
  }
}

/**
 * The identity adapter (DESIGN.md): Auth0 when its domain, client id and audience are set,
 * else the built-in OpenID Connect provider at Auth0-compatible paths, with its sign-in routes,
 * lockout and hourly sweep of expired OIDC records.
 */
export const identityPlugin = fp(
  async (
    app: FastifyInstance,
    options: { env: Env; db: Db; accounts: AccountDirectory; accessTokenTtlSeconds?: number },
  ) => {
    const { env, db } = options;
    if (env.AUTH0_DOMAIN && env.AUTH0_CLIENT_ID && env.AUTH0_AUDIENCE) {
      const domain = env.AUTH0_DOMAIN.replace(/^https?:\/\//, '').replace(/\/+$/, '');
      app.decorate('identity', {
        verify: createTokenVerifier({
          issuer: `https://${domain}/`,
          audience: env.AUTH0_AUDIENCE,
          jwks: new URL(`https://${domain}/.well-known/jwks.json`),
        }),
        auth: { mode: 'auth0', domain, clientId: env.AUTH0_CLIENT_ID, audience: env.AUTH0_AUDIENCE },
        // Accounts are created and changed through the Management API (when its credentials are set).
        accounts: { mode: 'auth0', management: auth0ManagementFromEnv(env) },
      });
      return;
    }
    const keys = await loadOrCreateIdentityKeys(env.dataDir);
    const provider = createBuiltInProvider({
      db,
      keys,
      publicUrl: env.publicUrl,
      audience: env.API_AUDIENCE,
      accessTokenTtlSeconds: options.accessTokenTtlSeconds,
      accounts: options.accounts,
    });
    const lockout = createLockout(db, {
      maxFailures: env.SIGN_IN_MAX_FAILURES,
      lockMinutes: env.SIGN_IN_LOCK_MINUTES,
      // A hospital's NAT may hold hundreds of clinicians: only a flood from one address locks it.
      maxFailuresPerClient: 1000,
    });
    await app.register(builtInIdentityRoutes, {
      provider,
      lockout,
      publicUrl: env.publicUrl,
      accounts: options.accounts,
    });
    app.decorate('identity', {
      // An ended session's access tokens are refused at once, not at their exp (issue 36).
      verify: requireLiveSession(
        createTokenVerifier({ issuer: `${env.publicUrl}/`, audience: env.API_AUDIENCE, jwks: publicJwks(keys.jwks) }),
        db,
      ),
      auth: { mode: 'built-in', domain: env.publicUrl, clientId: 'auscura-web', audience: env.API_AUDIENCE },
      accounts: { mode: 'built-in' },
    });
    const sweep = setInterval(() => void sweepExpiredOidcPayloads(db).catch(() => undefined), 3600_000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
);
