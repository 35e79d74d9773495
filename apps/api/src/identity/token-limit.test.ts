import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { tokenRequestsPerMinute } from './routes.js';

/** Issue 36, item 9: the token endpoint is rate-limited per client address. */
describe('POST /oauth/token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => t?.close());

  const guess = (clientAddress: string, n: number) =>
    t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': clientAddress },
      payload: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: 'auscura-web',
        refresh_token: `guess-${n}-${'x'.repeat(36)}`,
      }).toString(),
    });

  it(`answers ${tokenRequestsPerMinute} requests a minute from one address, then 429; other addresses go on`, async () => {
    const statuses = new Map<number, number>();
    for (let n = 0; n < tokenRequestsPerMinute; n++) {
      const status = (await guess('198.51.100.9', n)).statusCode;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    expect([...statuses.keys()]).toEqual([400]);
    const limited = await guess('198.51.100.9', -1);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('60');
    expect(limited.json()).toMatchObject({ error: 'temporarily_unavailable' });
    expect((await guess('198.51.100.10', -2)).statusCode).toBe(400);
  }, 120_000);
});
