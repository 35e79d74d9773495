import { describe, expect, it } from 'vitest';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { claims } from '@auscura/contracts';
import { createTokenVerifier } from './verify-token.js';

const issuer = 'http://localhost:9999/';
const audience = 'https://api.auscura.test';

async function setUp() {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' };
  let clock = Date.UTC(2026, 10, 22, 12, 0, 0);
  const verify = createTokenVerifier({ issuer, audience, jwks: { keys: [jwk] }, now: () => clock });
  const sign = (expiresInSeconds: number, subject = 'auth|ada') =>
    new SignJWT({
      [claims.healthcareProviderId]: '11111111-1111-4111-8111-111111111111',
      [claims.organizationId]: '22222222-2222-4222-8222-222222222222',
      [claims.organizationName]: 'Riverside Cardiology',
      [claims.roles]: ['healthcare-provider'],
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setSubject(subject)
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt(Math.floor(clock / 1000))
      .setExpirationTime(Math.floor(clock / 1000) + expiresInSeconds)
      .sign(privateKey);
  return { verify, sign, advance: (ms: number) => (clock += ms) };
}

describe('the token verifier', () => {
  it('accepts a valid token again from its cache, and refuses it once it has expired', async () => {
    const { verify, sign, advance } = await setUp();
    const token = await sign(60);
    expect((await verify(token)).authId).toBe('auth|ada');
    advance(30_000);
    expect((await verify(token)).authId).toBe('auth|ada');
    // Past exp plus the 5 s clock tolerance: the cached entry must not be used.
    advance(40_000);
    await expect(verify(token)).rejects.toMatchObject({ message: 'The access token has expired.' });
  });

  it('does not let a token with a changed signature ride on a cached one', async () => {
    const { verify, sign } = await setUp();
    const token = await sign(60);
    await verify(token);
    const [header, payload, signature] = token.split('.');
    const flipped = `${header}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BA' : 'AA'}`;
    await expect(verify(flipped)).rejects.toMatchObject({ message: 'The access token is not valid.' });
  });

  it('hands each caller its own copy of the principal', async () => {
    const { verify, sign } = await setUp();
    const token = await sign(60);
    const first = await verify(token);
    first.roles.push('council-member');
    expect((await verify(token)).roles).toEqual(['healthcare-provider']);
  });
});
