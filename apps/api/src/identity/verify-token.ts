import { createLocalJWKSet, createRemoteJWKSet, errors as joseErrors, jwtVerify } from 'jose';
import type { JWK } from 'jose';
import { claims as claimNames, roleSchema } from '@auscura/contracts';
import type { Role } from '@auscura/contracts';
import { z } from 'zod';
import { unauthorized } from '../lib/http-error.js';

export type Principal = {
  /** The identity provider's subject. */
  authId: string;
  healthcareProviderId: string;
  organizationId: string;
  organizationName: string;
  roles: Role[];
};

const claimSchema = z.object({
  sub: z.string().min(1),
  [claimNames.healthcareProviderId]: z.uuid(),
  [claimNames.organizationId]: z.uuid(),
  [claimNames.organizationName]: z.string(),
  [claimNames.roles]: z.array(z.string()),
});

// Only asymmetric algorithms: HS* would let anyone holding a shared secret mint tokens, and `none` is refused.
const algorithms = ['RS256', 'RS384', 'RS512', 'PS256', 'ES256', 'ES384', 'EdDSA'];

export type TokenVerifier = (token: string) => Promise<Principal>;

export function createTokenVerifier(options: {
  issuer: string;
  audience: string;
  jwks: { keys: JWK[] } | URL;
}): TokenVerifier {
  const keySet = options.jwks instanceof URL ? createRemoteJWKSet(options.jwks) : createLocalJWKSet(options.jwks);
  return async (token) => {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, keySet, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms,
        clockTolerance: 5,
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw unauthorized('The access token has expired.');
      throw unauthorized('The access token is not valid.');
    }
    const parsed = claimSchema.safeParse(payload);
    if (!parsed.success) throw unauthorized('The access token lacks the portal’s claims.');
    const data = parsed.data as Record<string, unknown>;
    return {
      authId: String(data.sub),
      healthcareProviderId: String(data[claimNames.healthcareProviderId]),
      organizationId: String(data[claimNames.organizationId]),
      organizationName: String(data[claimNames.organizationName]),
      roles: (data[claimNames.roles] as string[]).filter((role): role is Role => roleSchema.safeParse(role).success),
    };
  };
}
