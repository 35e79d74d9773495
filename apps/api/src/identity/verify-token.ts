import { createLocalJWKSet, createRemoteJWKSet, errors as joseErrors, jwtVerify } from 'jose';
import type { JWK } from 'jose';
import { claimNamespace, claims as claimNames, roleSchema } from '@auscura/contracts';
import type { Role } from '@auscura/contracts';
import { z } from 'zod';
import { unauthorized } from '../lib/http-error.js';
import { grantClaim } from './sessions.js';
import type { Principal, TokenVerifier } from '../lib/principal.js';

const claimSchema = z.object({
  sub: z.string().min(1),
  [claimNames.healthcareProviderId]: z.uuid(),
  [claimNames.organizationId]: z.uuid(),
  [claimNames.organizationName]: z.string(),
  [claimNames.roles]: z.array(z.string()),
  // RFC 9068 §2.2.1; Auth0 puts it in access tokens only through an Action, under our namespace.
  auth_time: z.number().optional(),
  [`${claimNamespace}auth_time`]: z.number().optional(),
  [grantClaim]: z.string().max(200).optional(),
});

// Only asymmetric algorithms: HS* would let anyone holding a shared secret mint tokens, and `none` is refused.
const algorithms = ['RS256', 'RS384', 'RS512', 'PS256', 'ES256', 'ES384', 'EdDSA'];

/**
 * Verified tokens are remembered until they expire, so a client that sends the same access token
 * with every request pays for one RSA signature check, not one per request (under load the
 * WebCrypto verify was the largest single cost of an authenticated request). The cache is keyed
 * by the whole token string, so only byte-identical tokens hit it, and an entry is never used
 * past the token's `exp`. Bounded: the oldest entries go first.
 */
const cacheLimit = 10_000;

export function createTokenVerifier(options: {
  issuer: string;
  audience: string;
  jwks: { keys: JWK[] } | URL;
  /** Clock for expiry checks of cached tokens (tests). */
  now?: () => number;
}): TokenVerifier {
  const keySet = options.jwks instanceof URL ? createRemoteJWKSet(options.jwks) : createLocalJWKSet(options.jwks);
  const now = options.now ?? Date.now;
  const verified = new Map<string, { principal: Principal; expiresAt: number }>();

  async function verifyUncached(token: string): Promise<{ principal: Principal; expiresAt: number }> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, keySet, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms,
        clockTolerance: 5,
        currentDate: new Date(now()),
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw unauthorized('The access token has expired.');
      throw unauthorized('The access token is not valid.');
    }
    const parsed = claimSchema.safeParse(payload);
    if (!parsed.success) throw unauthorized('The access token lacks the portal’s claims.');
    const data = parsed.data as Record<string, unknown>;
    const principal: Principal = {
      authId: String(data.sub),
      healthcareProviderId: String(data[claimNames.healthcareProviderId]),
      organizationId: String(data[claimNames.organizationId]),
      organizationName: String(data[claimNames.organizationName]),
      roles: (data[claimNames.roles] as string[]).filter((role): role is Role => roleSchema.safeParse(role).success),
    };
    const authTime = data.auth_time ?? data[`${claimNamespace}auth_time`];
    if (typeof authTime === 'number') principal.authTime = authTime;
    if (typeof data[grantClaim] === 'string') principal.grantId = data[grantClaim];
    // Without `exp` a token is checked every time rather than cached forever.
    const expiresAt = typeof payload.exp === 'number' ? payload.exp * 1000 : 0;
    return { principal, expiresAt };
  }

  return async (token) => {
    const hit = verified.get(token);
    if (hit && hit.expiresAt > now()) return { ...hit.principal, roles: [...hit.principal.roles] };
    if (hit) verified.delete(token);
    const result = await verifyUncached(token);
    if (result.expiresAt > now()) {
      if (verified.size >= cacheLimit) verified.delete(verified.keys().next().value as string);
      verified.set(token, result);
    }
    return { ...result.principal, roles: [...result.principal.roles] };
  };
}
