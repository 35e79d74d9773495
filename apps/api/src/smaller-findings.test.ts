import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSemaphore } from './lib/semaphore.js';
import { createTestApp } from './test/test-app.js';
import type { TestApp } from './test/test-app.js';
import { signInProvider } from './test/sign-in.js';

const webDist = path.resolve(import.meta.dirname, '../../web/dist');
const someMap = fs.existsSync(path.join(webDist, 'assets'))
  ? fs.readdirSync(path.join(webDist, 'assets')).find((name) => name.endsWith('.js.map'))
  : undefined;

/** Finding 10 of issue 21 (the council member's share is in the visibility matrix), and 9's bound. */
describe('the smaller findings', () => {
  let t: TestApp;
  let token: string;
  let id: string;
  beforeAll(async () => {
    t = await createTestApp('pglite', { NODE_ENV: 'production', ...(someMap ? { WEB_DIST_DIR: webDist } : {}) });
    ({ token, id } = await signInProvider(t.app, 'ben@lakeside.example', 'Auscura-demo-2026'));
  });
  afterAll(async () => t?.close());

  it('API answers with patient data are not cached', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/search/patient-profiles',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('provider names refuse bidirectional control characters', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/healthcare-providers/${id}`,
      payload: { firstName: 'Ben', lastName: 'Carson\u202Egnp.exe', displayName: 'Dr. Carson' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ name: 'INVALID_DATA' });
  });

  it.skipIf(!someMap)('source maps are not served in production', async () => {
    const map = await t.app.inject({ method: 'GET', url: `/assets/${someMap}` });
    expect(map.statusCode).toBe(404);
    const script = await t.app.inject({ method: 'GET', url: `/assets/${someMap!.replace(/\.map$/, '')}` });
    expect(script.statusCode).toBe(200);
  });

  it('the upload slots let only so many tasks run at once', async () => {
    const slots = createSemaphore(4);
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 16 }, () =>
        slots.run(async () => {
          running++;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, 5));
          running--;
        }),
      ),
    );
    expect(most).toBe(4);
  });
});
