import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadEnv } from '../config/env.js';
import { migrate } from '../db/connect.js';
import type { DatabaseHandle } from '../db/connect.js';
import { runOperatorCommand } from '../operator/commands.js';
import { seedDemoData } from '../seed/demo-data.js';
import { refusedWithin } from '../test/revocation.js';
import { startServerProcess } from '../test/server-process.js';
import type { ServerProcess } from '../test/server-process.js';
import { signIn } from '../test/sign-in.js';
import { freshDatabase } from '../test/test-app.js';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Ports for the two processes; override when another run uses them. */
const basePort = Number(process.env.REVOCATION_TEST_PORT ?? 8660);
const publicUrl = 'http://localhost:8080';
const demoPassword = 'Auscura-demo-2026';
const providerIdOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString())[
    'https://auscura.example/healthcareProviderId'
  ] as string;

/**
 * Issue 36, acceptance 1 across processes: two API processes on one PostgreSQL database with
 * Redis, as behind a load balancer (one PUBLIC_URL, one set of identity keys). A session ended on
 * one process, or by the operator CLI, loses its access token on the other within a second.
 * Sign-in happens through a third, in-test instance of the app on the same database and keys.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('revocation across two API processes and Redis', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let db: DatabaseHandle;
  let signInApp: Awaited<ReturnType<typeof buildApp>>;
  let first: ServerProcess;
  let second: ServerProcess;

  beforeAll(async () => {
    fresh = await freshDatabase('postgres', { empty: true });
    db = fresh.handle;
    await migrate(db);
    await seedDemoData(db.db, { reset: false, tcVersion: 1 });
    const env = loadEnv({
      NODE_ENV: 'test',
      DATA_DIR: fresh.dataDir,
      PUBLIC_URL: publicUrl,
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: path.join(fresh.dataDir, 'no-web'),
    });
    signInApp = await buildApp({ env, database: db }, { logger: false });
    await signInApp.ready();
    const keys = await fs.readFile(path.join(fresh.dataDir, 'identity', 'keys.json'));
    const prepareDataDir = async (dataDir: string) => {
      await fs.mkdir(path.join(dataDir, 'identity'), { recursive: true, mode: 0o700 });
      await fs.writeFile(path.join(dataDir, 'identity', 'keys.json'), keys, { mode: 0o600 });
    };
    const processEnv = {
      DATABASE_URL: fresh.url!,
      REDIS_URL: redisUrl,
      SEED_DEMO_DATA: 'false',
      PUBLIC_URL: publicUrl,
    };
    [first, second] = await Promise.all([
      startServerProcess(basePort, processEnv, { prepareDataDir }),
      startServerProcess(basePort + 1, processEnv, { prepareDataDir }),
    ]);
  }, 120_000);
  afterAll(async () => {
    await Promise.allSettled([first?.stop(), second?.stop()]);
    await signInApp?.close();
    await db?.close();
    await fresh?.drop();
  });

  const call = async (server: ServerProcess, token: string, method: 'GET' | 'PATCH', body?: object) =>
    (
      await fetch(`${server.origin}/api/v1/healthcare-providers/${providerIdOf(token)}${body ? '/password' : ''}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      })
    ).status;
  /** A read and a password change on a process. */
  const readAndTakeOver = (server: ServerProcess, token: string) => [
    () => call(server, token, 'GET'),
    () => call(server, token, 'PATCH', { password: 'a-thief-chooses-this-1', currentPassword: demoPassword }),
  ];

  it('a password change on one process refuses the other session’s token on the other within a second', async () => {
    const here = await signIn(signInApp, 'ben@lakeside.example', demoPassword);
    const other = await signIn(signInApp, 'ben@lakeside.example', demoPassword);
    // Both processes accept both tokens first (and remember them as live).
    for (const server of [first, second]) {
      expect(await call(server, here.access_token, 'GET')).toBe(200);
      expect(await call(server, other.access_token, 'GET')).toBe(200);
    }
    expect(
      await call(first, here.access_token, 'PATCH', {
        password: 'violet-harbour-lantern-42',
        currentPassword: demoPassword,
      }),
    ).toBe(204);
    for (const attempt of readAndTakeOver(second, other.access_token)) {
      expect(await refusedWithin(attempt)).toBeLessThan(1000);
    }
    // The session the change was made in goes on, on both processes.
    expect(await call(second, here.access_token, 'GET')).toBe(200);
    expect(await call(first, here.access_token, 'GET')).toBe(200);
  });

  it('an operator reset-password and revoke-sessions take effect on every process within a second', async () => {
    const context = { db: db.db, publicUrl, tcVersion: 1 };
    for (const command of ['reset-password', 'revoke-sessions'] as const) {
      const email = command === 'reset-password' ? 'grace@riverside.example' : 'ada@riverside.example';
      const session = await signIn(signInApp, email, demoPassword);
      for (const server of [first, second]) expect(await call(server, session.access_token, 'GET')).toBe(200);
      await runOperatorCommand(context, { command, email });
      for (const server of [first, second]) {
        for (const attempt of readAndTakeOver(server, session.access_token)) {
          expect(await refusedWithin(attempt), `${command} on ${server.origin}`).toBeLessThan(1000);
        }
      }
    }
  });
});
