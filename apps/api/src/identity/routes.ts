import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { verifyPassword, decoyPasswordHash } from './passwords.js';
import type { Lockout } from './lockout.js';
import { identityPaths, webClientId } from './provider.js';
import { renderSignInPage } from './sign-in-page.js';
import { useSignInPagePolicy } from '../lib/sign-in-page-policy.js';
import { createRateLimiter } from '../lib/rate-limit.js';
import type { AccountDirectory } from './account-identity.js';

/** Token endpoint requests a minute from one client address. */
export const tokenRequestsPerMinute = 300;

export const signInMessages = {
  wrong: 'The email address or password is incorrect.',
  locked: (minutes: number) =>
    `Too many failed sign-in attempts. Sign-in is paused for this account for ${minutes} minute${minutes === 1 ? '' : 's'}. Please try again later.`,
  missing: 'Enter your email address and password.',
} as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function parseForm(body: unknown): Record<string, string> {
  return typeof body === 'object' && body !== null ? (body as Record<string, string>) : {};
}

/**
 * Mounts the built-in provider: its own endpoints are forwarded untouched (it reads the raw
 * request), and the sign-in interaction and Auth0's /v2/logout are ours.
 */
export async function builtInIdentityRoutes(
  app: FastifyInstance,
  options: { provider: Provider; lockout: Lockout; publicUrl: string; accounts: AccountDirectory },
) {
  const { provider, lockout, publicUrl, accounts } = options;
  const callback = provider.callback();

  // The provider builds its URLs (discovery, redirects) from the request's host and scheme: they
  // are PUBLIC_URL's, whatever Host or X-Forwarded-Host / -Proto a client sends.
  const publicOrigin = new URL(publicUrl);
  app.addHook('onRequest', async (request, reply) => {
    // The sign-in pages' own policy, with a nonce for their inline style and script.
    useSignInPagePolicy(request, (name, value) => reply.raw.setHeader(name, value));
    const headers = request.raw.headers;
    headers.host = publicOrigin.host;
    headers['x-forwarded-host'] = publicOrigin.host;
    headers['x-forwarded-proto'] = publicOrigin.protocol.replace(':', '');
    // The client address as Fastify decided it (TRUST_PROXY), not as a client claims it.
    headers['x-forwarded-for'] = request.ip;
  });

  // Let oidc-provider read bodies itself: no parsing in this encapsulated context…
  await app.register(async (forwarded) => {
    forwarded.removeAllContentTypeParsers();
    forwarded.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    // Each authorization request stores an interaction: 120 a minute per client address.
    const authorizeLimit = createRateLimiter({ limit: 120, windowMs: 60_000 });
    // Token requests (codes and refreshes; issue 36, item 9): guessing 256-bit tokens is hopeless,
    // but each try costs a lookup. A browser refreshes every few minutes, so 300 a minute per client
    // address leaves room for a hospital's NAT.
    const tokenLimit = createRateLimiter({ limit: tokenRequestsPerMinute, windowMs: 60_000 });
    const forward = async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.url.startsWith(identityPaths.authorize) && !authorizeLimit.take(request.ip)) {
        return reply.status(429).type('text/plain').send('Too many sign-in requests. Please try again in a minute.');
      }
      if (request.url.startsWith(identityPaths.token) && !tokenLimit.take(request.ip)) {
        return reply.status(429).header('retry-after', '60').header('cache-control', 'no-store').send({
          error: 'temporarily_unavailable',
          error_description: 'Too many token requests. Try again in a minute.',
        });
      }
      reply.hijack();
      callback(request.raw, reply.raw);
    };
    for (const prefix of [
      identityPaths.authorize,
      identityPaths.token,
      identityPaths.userinfo,
      identityPaths.endSession,
      identityPaths.revocation,
    ]) {
      forwarded.all(prefix, forward);
      forwarded.all(`${prefix}/*`, forward);
    }
    forwarded.get(identityPaths.jwks, forward);
    forwarded.get('/.well-known/openid-configuration', forward);
  });

  // …except the sign-in form, which is ours.
  await app.register(async (interactions) => {
    interactions.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    interactions.get(`${identityPaths.interaction}/:uid`, async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : undefined;
      const action = `${identityPaths.interaction}/${encodeURIComponent(details.uid)}/login`;
      return reply
        .type('text/html')
        .header('cache-control', 'no-store')
        .send(renderSignInPage({ action, email: hint, nonce: request.cspNonce }));
    });

    interactions.post(`${identityPaths.interaction}/:uid/login`, async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      const action = `${identityPaths.interaction}/${encodeURIComponent(details.uid)}/login`;
      const form = parseForm(request.body);
      const email = (form.email ?? '').trim().slice(0, 120);
      const password = (form.password ?? '').slice(0, 128);
      const page = (error: string, status: number) =>
        reply
          .status(status)
          .type('text/html')
          .header('cache-control', 'no-store')
          .send(renderSignInPage({ action, email, error, nonce: request.cspNonce }));
      if (!email || !password) return page(signInMessages.missing, 400);

      const ip = request.ip;
      const state = await lockout.check(email, ip);
      if (state.locked) {
        return page(signInMessages.locked(Math.max(1, Math.ceil(state.retryAfterSeconds / 60))), 429);
      }
      if (state.delayMs > 0) await sleep(state.delayMs);

      const account = await accounts.findAccountByEmail(email);
      // Verify against a decoy when there is no account, so timing does not tell.
      const valid = await verifyPassword(password, account?.passwordHash ?? (await decoyPasswordHash()));
      if (!account || !valid) {
        await lockout.recordFailure(email, ip);
        const after = await lockout.check(email, ip);
        if (after.locked) {
          return page(signInMessages.locked(Math.max(1, Math.ceil(after.retryAfterSeconds / 60))), 429);
        }
        return page(signInMessages.wrong, 401);
      }
      await lockout.recordSuccess(email, ip);
      request.log.info({ accountId: account.id }, 'signed in');
      reply.hijack();
      await provider.interactionFinished(
        request.raw,
        reply.raw,
        { login: { accountId: account.id } },
        { mergeWithLastSubmission: false },
      );
    });
  });

  // Auth0's logout endpoint: /v2/logout?client_id=…&returnTo=… → the provider's end-session,
  // which comes back to /oidc/logged-out carrying the return path in `state`.
  app.get('/v2/logout', async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const returnTo = safeReturnPath(query.returnTo, publicUrl) ?? '/signed-out';
    const target = new URL(identityPaths.endSession, publicUrl);
    target.searchParams.set('client_id', query.client_id === webClientId ? webClientId : webClientId);
    target.searchParams.set('post_logout_redirect_uri', `${publicUrl}${identityPaths.loggedOut}`);
    target.searchParams.set('state', Buffer.from(returnTo).toString('base64url'));
    return reply.redirect(`${target.pathname}${target.search}`);
  });

  app.get(identityPaths.loggedOut, async (request, reply) => {
    const { state } = request.query as { state?: string };
    let path = '/signed-out';
    if (state) {
      const decoded = Buffer.from(state, 'base64url').toString('utf8');
      path = safeReturnPath(decoded, publicUrl) ?? path;
    }
    return reply.redirect(path);
  });
}

/** A return target is accepted only on our own origin; the answer is a path. */
export function safeReturnPath(value: string | undefined, publicUrl: string): string | undefined {
  if (!value) return undefined;
  try {
    const base = new URL(publicUrl);
    const url = new URL(value, base);
    if (url.origin !== base.origin) return undefined;
    // A path that starts with two slashes ('/.//host' resolves to '//host') is another origin
    // to a browser (a scheme-relative URL): refused.
    if (!url.pathname.startsWith('/') || /^\/[/\\]/.test(url.pathname)) return undefined;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return undefined;
  }
}
