import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, generateKeyPair, importJWK } from 'jose';
import type { JWK } from 'jose';
import { claims } from '@auscura/contracts';
import { createTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { signIn } from '../test/sign-in.js';

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('every non-public API route refuses a bad bearer token with 401 UNAUTHORIZED', () => {
  let t: TestApp;
  let validToken: string;
  let providerKey: { key: CryptoKey | Uint8Array; kid: string };
  let goodClaims: Record<string, unknown>;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    validToken = (await signIn(t.app, 'ada@riverside.example', 'Auscura-demo-2026')).access_token;
    const keys = JSON.parse(await fs.readFile(path.join(t.env.dataDir, 'identity', 'keys.json'), 'utf8')) as {
      jwks: { keys: (JWK & { kid: string })[] };
    };
    const rsa = keys.jwks.keys.find((key) => key.alg === 'RS256')!;
    providerKey = { key: await importJWK(rsa, 'RS256'), kid: rsa.kid };
    const [, payload] = validToken.split('.');
    goodClaims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
  });
  afterAll(async () => t?.close());

  const protectedRoutes = [
    { method: 'GET' as const, url: '/api/v1/search/patient-profiles' },
    { method: 'GET' as const, url: '/api/v1/patient-profiles/00000000-0000-4000-8000-000000000000' },
    { method: 'GET' as const, url: '/api/v1/no-such-endpoint' },
  ];

  async function call(token: string | undefined) {
    const answers = [];
    for (const route of protectedRoutes) {
      const response = await t.app.inject({
        ...route,
        headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
      });
      answers.push({ status: response.statusCode, body: response.json() });
    }
    return answers;
  }

  function expectUnauthorized(answers: { status: number; body: unknown }[]) {
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ type: 6, name: 'UNAUTHORIZED', message: expect.any(String) });
    }
  }

  it('accepts the provider’s own valid token (the control case)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/search/patient-profiles',
      headers: { authorization: `Bearer ${validToken}` },
    });
    expect(response.statusCode).toBe(200);
  });

  it('without a token', async () => {
    expectUnauthorized(await call(undefined));
  });

  it('with an expired token signed by the right key', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ ...goodClaims, iat: now - 7200, exp: now - 3600 })
      .setProtectedHeader({ alg: 'RS256', kid: providerKey.kid, typ: 'at+jwt' })
      .sign(providerKey.key);
    expectUnauthorized(await call(expired));
  });

  it('with a token for another audience signed by the right key', async () => {
    const other = await new SignJWT({ ...goodClaims, aud: 'https://other-api.example' })
      .setProtectedHeader({ alg: 'RS256', kid: providerKey.kid, typ: 'at+jwt' })
      .sign(providerKey.key);
    expectUnauthorized(await call(other));
  });

  it('with a token signed by another key under the same key id', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT(goodClaims)
      .setProtectedHeader({ alg: 'RS256', kid: providerKey.kid, typ: 'at+jwt' })
      .sign(privateKey);
    expectUnauthorized(await call(forged));
  });

  it('with an unsigned alg:none token', async () => {
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(goodClaims)}.`;
    expectUnauthorized(await call(unsigned));
  });

  it('with a token that lacks the organization claims', async () => {
    const { [claims.organizationId]: _dropped, ...rest } = goodClaims;
    const partial = await new SignJWT(rest)
      .setProtectedHeader({ alg: 'RS256', kid: providerKey.kid, typ: 'at+jwt' })
      .sign(providerKey.key);
    expectUnauthorized(await call(partial));
  });

  it('keeps public routes public', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json().auth.mode).toBe('built-in');
  });
});
