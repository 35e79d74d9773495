import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { safeReturnPath } from './routes.js';

/**
 * Finding 5 of issue 21: X-Forwarded-For and X-Forwarded-Host are believed only from the proxies
 * TRUST_PROXY names (none by default), and the OIDC discovery document is PUBLIC_URL's.
 */
describe('forwarded headers', () => {
  let t: TestApp;
  let behindProxy: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { TRUST_PROXY: '' });
    behindProxy = await createTestApp('pglite', { TRUST_PROXY: '10.0.0.5' });
  });
  afterAll(async () => {
    await t?.close();
    await behindProxy?.close();
  });

  const unknownInvitation = (app: TestApp, forwardedFor: string, remoteAddress = '203.0.113.9') =>
    app.app.inject({
      method: 'GET',
      url: '/api/v1/healthcare-provider-invitations/no-such-invitation-id-0000000000',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('a forged X-Forwarded-For does not escape the per-client lock', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 22; i++) answers.push((await unknownInvitation(t, `198.51.100.${i}`)).statusCode);
    expect(answers.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });

  it('behind a configured proxy, its X-Forwarded-For is the client address', async () => {
    for (let i = 0; i < 22; i++) await unknownInvitation(behindProxy, '198.51.100.7', '10.0.0.5');
    expect((await unknownInvitation(behindProxy, '198.51.100.7', '10.0.0.5')).statusCode).toBe(429);
    // Another client behind the same proxy is not locked out.
    expect((await unknownInvitation(behindProxy, '198.51.100.8', '10.0.0.5')).statusCode).toBe(400);
  });

  it('the discovery document names PUBLIC_URL whatever Host and X-Forwarded-Host say', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/.well-known/openid-configuration',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect(response.statusCode).toBe(200);
    const document = response.json() as Record<string, unknown>;
    expect(document.issuer).toBe('http://localhost:8080/');
    expect(document.authorization_endpoint).toBe('http://localhost:8080/authorize');
    expect(response.body).not.toContain('evil.example');
  });
});

/** Finding 7 of issue 21: the logged-out and logout redirects stay on this origin. */
describe('return paths after sign-out', () => {
  it('accept same-origin paths only', () => {
    const base = 'http://localhost:8080';
    expect(safeReturnPath('/exams?x=1#top', base)).toBe('/exams?x=1#top');
    for (const forged of [
      '/.//evil.example/path',
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/',
      '/./\\evil.example',
    ]) {
      const path = safeReturnPath(forged, base);
      expect(path === undefined || (!path.startsWith('//') && !path.startsWith('/\\')), forged).toBe(true);
    }
  });

  it('/oidc/logged-out does not redirect off-site', async () => {
    const t = await createTestApp('pglite');
    try {
      const state = Buffer.from('/.//evil.example/path').toString('base64url');
      const response = await t.app.inject({ method: 'GET', url: `/oidc/logged-out?state=${state}` });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/signed-out');
      const fine = Buffer.from('/signed-out?next=1').toString('base64url');
      expect((await t.app.inject({ method: 'GET', url: `/oidc/logged-out?state=${fine}` })).headers.location).toBe(
        '/signed-out?next=1',
      );
    } finally {
      await t.close();
    }
  });
});
