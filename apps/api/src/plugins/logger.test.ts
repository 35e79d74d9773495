import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeListQuery } from '@auscura/contracts';
import { buildApp } from '../app.js';
import { createLogger } from './logger.js';
import { createTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { signIn } from '../test/sign-in.js';

describe('the server log', () => {
  let t: TestApp;
  const lines: string[] = [];
  let logged: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    logged = await buildApp({ env: t.env, database: t.database }, { loggerInstance: createLogger('debug', sink) });
    await logged.ready();
  });
  afterAll(async () => {
    await logged?.close();
    await t?.close();
  });

  it('never holds the bearer token, the password or the search text of a request', async () => {
    const tokens = await signIn(logged, 'ada@riverside.example', 'Auscura-demo-2026');
    const response = await logged.inject({
      method: 'GET',
      url: '/api/v1/search/patient-profiles',
      query: { q: encodeListQuery({ filters: [{ field: 'search', op: 'like', value: 'Okafor' }] }) },
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(response.statusCode).toBe(200);
    const log = lines.join('');
    expect(log).toContain('/api/v1/search/patient-profiles');
    expect(log).not.toContain(tokens.access_token.split('.')[2]);
    expect(log).not.toContain('Auscura-demo-2026');
    expect(log).not.toContain('Okafor');
    expect(log).not.toContain(tokens.refresh_token ?? 'no-refresh-token');
  });

  it('never holds a patient’s access code or session token', async () => {
    const lookup = await logged.inject({ method: 'GET', url: '/api/v1/virtual-exams/access-code/KQ7-M4X-PZ2B' });
    expect(lookup.statusCode).toBe(401);
    const refresh = await logged.inject({
      method: 'POST',
      url: '/api/v1/virtual-exams/00000000-0000-4000-8000-000000000000/auth/refresh',
      headers: { authorization: 'Bearer ps1.eyJ2ZSI6IngifQ.c2lnbmF0dXJl' },
    });
    expect(refresh.statusCode).toBe(401);
    const log = lines.join('');
    expect(log).toContain('/api/v1/virtual-exams/access-code/:code');
    expect(log).not.toContain('KQ7-M4X-PZ2B');
    expect(log).not.toContain('c2lnbmF0dXJl');
  });
});
