import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

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

/** Cookies of one browser session, by name. */
function collectCookies(jar: Map<string, string>, response: Response) {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const index = pair!.indexOf('=');
    jar.set(pair!.slice(0, index), pair!.slice(index + 1));
  }
}

/** Signs in through the built-in provider (authorization code + PKCE, as the web app's SDK does). */
export async function signIn(origin: string, email: string, password: string): Promise<string> {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const verifier = crypto.randomBytes(32).toString('base64url');
  const redirectUri = `${origin}/auth-callback`;
  const authorize = new URL(`${origin}/authorize`);
  for (const [name, value] of Object.entries({
    client_id: 'auscura-web',
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid profile email api offline_access',
    audience: 'https://api.auscura.example',
    state: 's',
    nonce: 'n',
    code_challenge: crypto.createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }))
    authorize.searchParams.set(name, value);
  let response = await fetch(authorize, { redirect: 'manual' });
  collectCookies(jar, response);
  const interaction = new URL(response.headers.get('location')!, origin);
  response = await fetch(interaction, { headers: { cookie: cookie() }, redirect: 'manual' });
  collectCookies(jar, response);
  response = await fetch(`${interaction}/login`, {
    method: 'POST',
    headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }).toString(),
    redirect: 'manual',
  });
  collectCookies(jar, response);
  let location = response.headers.get('location')!;
  for (let hop = 0; hop < 5 && !location.startsWith(redirectUri); hop++) {
    response = await fetch(new URL(location, origin), { headers: { cookie: cookie() }, redirect: 'manual' });
    collectCookies(jar, response);
    location = response.headers.get('location')!;
  }
  const code = new URL(location).searchParams.get('code')!;
  const token = await fetch(`${origin}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: 'auscura-web',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }).toString(),
  });
  return ((await token.json()) as { access_token: string }).access_token;
}

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
