import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { signInOverHttp } from '../../../../../../benchmarks/api/sign-in.mjs';

/**
 * A real API process for the realtime client's tests (from the API's source through tsx, on its
 * own data folder and a port from REALTIME_CLIENT_TEST_PORT), and the calls a test needs of it.
 */
const serverSource = path.resolve(import.meta.dirname, '../../../../../api/src/server.ts');

export type RunningApi = { origin: string; restart(): Promise<void>; stop(): Promise<void> };

export async function startApi(port: number): Promise<RunningApi> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'auscura-web-realtime-'));
  const origin = `http://127.0.0.1:${port}`;
  let child: ReturnType<typeof spawn>;
  const launch = async () => {
    child = spawn(process.execPath, ['--import', 'tsx', serverSource], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: origin,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SEED_DEMO_RECORDINGS: 'false',
        RECORDING_WORKERS: '0',
        WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    for (let i = 0; i < 600; i++) {
      if (child.exitCode !== null) break;
      try {
        if ((await fetch(`${origin}/readyz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the API did not start');
  };
  const halt = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  await launch();
  return {
    origin,
    async restart() {
      await halt();
      await launch();
    },
    async stop() {
      await halt();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the built-in provider (authorization code + PKCE, as the web app's SDK does). */
export const signIn = signInOverHttp;

export async function call<T>(origin: string, method: string, url: string, token?: string, body?: unknown): Promise<T> {
  const response = await fetch(`${origin}/api/v1${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}
