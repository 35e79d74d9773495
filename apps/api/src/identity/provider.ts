import Provider, { errors } from 'oidc-provider';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { claims as claimNames } from '@auscura/contracts';
import type { Db } from '../db/connect.js';
import type { AccountDirectory } from './account-identity.js';
import type { IdentityKeys } from './keys.js';
import { createOidcAdapterFactory } from './oidc-adapter.js';
import { grantClaim } from './sessions.js';

export const webClientId = 'auscura-web';
export const identityPaths = {
  authorize: '/authorize',
  token: '/oauth/token',
  jwks: '/.well-known/jwks.json',
  userinfo: '/userinfo',
  endSession: '/oidc/logout',
  revocation: '/oauth/revoke',
  loggedOut: '/oidc/logged-out',
  interaction: '/interaction',
} as const;

type BuiltInProviderOptions = {
  db: Db;
  keys: IdentityKeys;
  publicUrl: string;
  audience: string;
  accessTokenTtlSeconds?: number;
  /** The accounts it signs in (the healthcare-providers repository). */
  accounts: AccountDirectory;
};

/**
 * The built-in OpenID Connect provider at Auth0-compatible paths, so the web app's
 * @auth0/auth0-react works unchanged against it (each setting below says which SDK behaviour it meets).
 */
export function createBuiltInProvider(options: BuiltInProviderOptions): Provider {
  const { db, keys, publicUrl, audience } = options;
  const providers = options.accounts;
  // The Auth0 SDK expects the issuer to be the domain origin with a trailing slash.
  const issuer = `${publicUrl}/`;

  async function customClaims(accountId: string) {
    const account = await providers.findAccountById(accountId);
    if (!account) return undefined;
    return {
      account,
      claims: {
        [claimNames.roles]: account.roles,
        [claimNames.organizationId]: account.organizationId,
        [claimNames.organizationName]: account.organizationName,
        [claimNames.healthcareProviderId]: account.id,
      },
    };
  }

  const configuration: Configuration = {
    adapter: createOidcAdapterFactory(db),
    clients: [
      {
        client_id: webClientId,
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${publicUrl}/auth-callback`],
        post_logout_redirect_uris: [`${publicUrl}${identityPaths.loggedOut}`],
      },
    ],
    jwks: keys.jwks as Configuration['jwks'],
    cookies: { keys: keys.cookieKeys, long: { signed: true }, short: { signed: true } },
    routes: {
      authorization: identityPaths.authorize,
      token: identityPaths.token,
      jwks: identityPaths.jwks,
      userinfo: identityPaths.userinfo,
      end_session: identityPaths.endSession,
      revocation: identityPaths.revocation,
    },
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: [
        'name',
        'given_name',
        'family_name',
        'nickname',
        claimNames.roles,
        claimNames.organizationId,
        claimNames.organizationName,
        claimNames.healthcareProviderId,
      ],
    },
    // The SDK builds its user from the id_token, so name and email must be in it.
    conformIdTokenClaims: false,
    extraParams: ['audience'],
    pkce: { required: () => true },
    ttl: {
      AccessToken: options.accessTokenTtlSeconds ?? 900,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: 30 * 24 * 3600,
      RefreshToken: 30 * 24 * 3600,
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        // Auth0 has no confirmation page: submit the provider's form at once.
        logoutSource(ctx: KoaContextWithOIDC, form: string) {
          // The nonce of this response's policy (security-headers.ts), set by the identity routes.
          const nonce = (ctx.req as { cspNonce?: string }).cspNonce ?? '';
          ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signing out…</title></head>
<body><p>Signing out…</p>${form}<script nonce="${nonce}">
var f=document.forms[0];var i=document.createElement('input');i.type='hidden';i.name='logout';i.value='yes';f.appendChild(i);f.submit();
</script></body></html>`;
        },
      },
      resourceIndicators: {
        enabled: true,
        // The SDK sends `audience`, not `resource`.
        defaultResource: (ctx) => (ctx.oidc.params?.audience as string | undefined) ?? audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resourceIndicator) => {
          if (resourceIndicator !== audience) throw new errors.InvalidTarget();
          return {
            scope: 'api',
            audience,
            accessTokenTTL: options.accessTokenTtlSeconds ?? 900,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    // The SDK never prompts for consent, so offline_access would be dropped: issue refresh tokens anyway.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // First-party client: grant the portal's scopes without a consent screen.
    loadExistingGrant: async (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      if (!accountId || !ctx.oidc.client) return undefined;
      const existingId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(ctx.oidc.client.clientId);
      const grant =
        (existingId ? await ctx.oidc.provider.Grant.find(existingId) : undefined) ??
        new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId });
      grant.addOIDCScope('openid profile email offline_access');
      grant.addResourceScope(audience, 'api');
      await grant.save();
      return grant;
    },
    extraTokenClaims: async (ctx, token) => {
      if (!('accountId' in token) || typeof token.accountId !== 'string') return undefined;
      const found = await customClaims(token.accountId);
      if (!found) return undefined;
      // When the person last entered their password (the code's or the refresh token's sign-in),
      // for the step-up of email and password changes; and the grant, so such a change keeps it.
      const entities = ctx?.oidc?.entities;
      const authTime = entities?.AuthorizationCode?.authTime ?? entities?.RefreshToken?.authTime;
      const grantId = 'grantId' in token && typeof token.grantId === 'string' ? token.grantId : undefined;
      return {
        ...found.claims,
        email: found.account.emailAddress,
        ...(typeof authTime === 'number' ? { auth_time: authTime } : {}),
        ...(grantId ? { [grantClaim]: grantId } : {}),
      };
    },
    findAccount: async (_ctx, id) => {
      const found = await customClaims(id);
      if (!found) return undefined;
      const { account } = found;
      return {
        accountId: account.id,
        async claims() {
          const name = [account.firstName, account.lastName].filter(Boolean).join(' ') || account.emailAddress;
          return {
            sub: account.id,
            email: account.emailAddress,
            email_verified: true,
            name,
            given_name: account.firstName ?? undefined,
            family_name: account.lastName ?? undefined,
            nickname: account.displayName ?? undefined,
            ...found.claims,
          };
        },
      };
    },
    interactions: { url: (_ctx, interaction) => `${identityPaths.interaction}/${interaction.uid}` },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      const text = String(out.error_description ?? out.error ?? 'Sign-in error').replace(/[<>&"']/g, '');
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in error</title></head><body><main><h1>Sign-in error</h1><p>${text}</p><p><a href="/">Back to Auscura</a></p></main></body></html>`;
    },
  };
  const provider = new Provider(issuer, configuration);
  // The X-Forwarded-* headers it reads are set by the identity routes from PUBLIC_URL and the
  // client address Fastify trusts (TRUST_PROXY), never passed on from a client.
  provider.proxy = true;
  return provider;
}
