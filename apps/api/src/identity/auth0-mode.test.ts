import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';

describe('with AUTH0_DOMAIN, AUTH0_CLIENT_ID and AUTH0_AUDIENCE set', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      AUTH0_DOMAIN: 'auscura-test.eu.auth0.com',
      AUTH0_CLIENT_ID: 'client-123',
      AUTH0_AUDIENCE: 'https://api.auscura.example',
    });
  });
  afterAll(async () => t?.close());

  it('tells the web app to sign in with Auth0', async () => {
    const config = (await t.app.inject({ method: 'GET', url: '/api/v1/config' })).json();
    expect(config.auth).toEqual({
      mode: 'auth0',
      domain: 'auscura-test.eu.auth0.com',
      clientId: 'client-123',
      audience: 'https://api.auscura.example',
    });
  });

  it('serves nothing of the built-in provider', async () => {
    for (const url of ['/authorize', '/.well-known/openid-configuration', '/.well-known/jwks.json', '/v2/logout']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('still refuses calls without a valid token', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/search/patient-profiles',
      headers: { authorization: 'Bearer not.a.token' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ name: 'UNAUTHORIZED' });
  });
});
