import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOperatorCommand } from './operator/commands.js';
import { createTestApp } from './test/test-app.js';
import type { TestApp } from './test/test-app.js';

/**
 * Finding 8 of issue 21: unauthenticated work is bounded — browser error reports, a spent
 * invitation (a password hash per try), authorization requests — and a slow body is cut off.
 */
describe('limits on unauthenticated work', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { REQUEST_TIMEOUT_SECONDS: '2' });
  });
  afterAll(async () => t?.close());

  it('limits /client-errors per client address', async () => {
    const send = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/client-errors',
        headers: { 'x-forwarded-for': ip },
        payload: { kind: 'error', message: 'boom', stack: 'x'.repeat(10_000) },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 65; i++) statuses.push((await send('198.51.100.40')).statusCode);
    expect(statuses.slice(0, 60).every((status) => status === 204)).toBe(true);
    expect(statuses.slice(60).every((status) => status === 429)).toBe(true);
    expect((await send('198.51.100.41')).statusCode).toBe(204);
  });

  it('locks a client that keeps sending a spent invitation', async () => {
    const output = await runOperatorCommand(
      { db: t.database.db, publicUrl: t.env.publicUrl, tcVersion: 1 },
      { command: 'invite', email: 'spent.limit@example.org', org: 'Riverside Cardiology', expiresInDays: 7 },
    );
    const invitationId = /t=([\w-]+)/.exec(output)![1]!;
    const create = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/healthcare-providers',
        headers: { 'x-forwarded-for': '198.51.100.50' },
        payload: {
          invitationId,
          password: 'violet-harbour-lantern-42',
          firstName: 'Spent',
          lastName: 'Limit',
          displayName: 'Dr. Limit',
          tcVersion: 1,
        },
      });
    expect((await create()).statusCode).toBe(201);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await create()).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('limits authorization requests per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/authorize?client_id=auscura-web',
        headers: { 'x-forwarded-for': '198.51.100.60' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 120).every((status) => status !== 429)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('cuts off a body that does not arrive', { timeout: 20_000 }, async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    const started = Date.now();
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.write(
      'POST /api/v1/client-errors HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"kind":',
    );
    await new Promise<void>((resolve) => socket.on('close', () => resolve()));
    const seconds = (Date.now() - started) / 1000;
    expect(seconds).toBeLessThan(8);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });
});
