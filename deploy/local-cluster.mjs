// A whole Auscura topology on this machine, from the built bundle: HAProxy (deploy/haproxy.cfg) in
// front of `api` processes, `worker` processes, a fresh PostgreSQL database, Redis, s3rver as the
// S3-compatible store and coturn. `npm run test:topology` and `npm run bench:scale` run it; every
// port is TOPOLOGY_BASE_PORT (default 9400) plus an offset, so other checkouts' servers are not met:
//   +0 HAProxy · +10+i api i · +20+i api i's metrics · +30+i worker i's metrics · +40 s3rver
//   +50, +51 coturn · +60…+99 coturn's relay ports
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const serverEntry = path.join(root, 'apps/api/dist/server.bundle.js');
const requireFromApi = createRequire(path.join(root, 'apps/api/package.json'));
const turnSecret = 'topology-turn-secret';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it answers truthy (its answer), or throws after `timeoutMs`. */
export async function waitFor(what, check, timeoutMs = 60_000, intervalMs = 100) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(intervalMs);
  }
}

/** A child process with its output kept (lines), exit awaited, and a way to stop it. */
function supervise(name, child) {
  const lines = [];
  const keep = (stream) => {
    let rest = '';
    stream?.on('data', (chunk) => {
      const text = rest + chunk.toString();
      const parts = text.split('\n');
      rest = parts.pop() ?? '';
      lines.push(...parts);
    });
  };
  keep(child.stdout);
  keep(child.stderr);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return {
    name,
    pid: child.pid,
    child,
    lines,
    exited,
    alive: () => child.exitCode === null && child.signalCode === null,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** The PostgreSQL server of TEST_DATABASE_URL (or `serverUrl`) gets a database of its own. */
async function freshDatabase(serverUrl) {
  const { default: pg } = await import('pg');
  const name = `auscura_topology_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** s3rver with one bucket (OpenSSL's legacy provider: its list tokens use DES; see apps/api/src/test/s3-server.ts). */
async function startS3rver(port, directory) {
  const script = `
    const S3rver = require(process.env.S3RVER_MODULE);
    new S3rver({ address: '127.0.0.1', port: Number(process.env.S3RVER_PORT), silent: true,
      directory: process.env.S3RVER_DIRECTORY, configureBuckets: [{ name: 'auscura' }] })
      .run().then(() => console.log('s3rver listening'));
    process.stdin.on('end', () => process.exit(0)).resume();`;
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '-e', script], {
    env: {
      ...process.env,
      S3RVER_MODULE: requireFromApi.resolve('s3rver'),
      S3RVER_DIRECTORY: directory,
      S3RVER_PORT: String(port),
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const process_ = supervise('s3rver', child);
  // A start that fails must not leave the child behind.
  await waitFor('s3rver', () => process_.lines.includes('s3rver listening') || !process_.alive(), 20_000).catch(
    async (error) => {
      await process_.stop('SIGKILL');
      throw error;
    },
  );
  if (!process_.alive()) throw new Error(`s3rver did not start: ${process_.lines.join('\n')}`);
  return process_;
}

/** coturn with REST-secret credentials on loopback (allow-loopback-peers: see apps/web/e2e/video/coturn.ts). */
async function startCoturn(base, folder) {
  const child = spawn(
    'turnserver',
    [
      '-n',
      '--listening-ip=127.0.0.1',
      '--relay-ip=127.0.0.1',
      `--listening-port=${base + 50}`,
      `--alt-listening-port=${base + 51}`,
      `--min-port=${base + 60}`,
      `--max-port=${base + 99}`,
      '--use-auth-secret',
      `--static-auth-secret=${turnSecret}`,
      '--realm=auscura.topology',
      '--no-tls',
      '--no-dtls',
      '--no-cli',
      '--fingerprint',
      '--allow-loopback-peers',
      '--no-tcp-relay',
      '--log-file=stdout',
      '--simple-log',
      // Without it coturn never says its listeners are open.
      '--verbose',
      `--pidfile=${path.join(folder, 'coturn.pid')}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const coturn = supervise('coturn', child);
  await waitFor(
    'coturn',
    () => coturn.lines.some((line) => /listener opened on|UDP listener opened/i.test(line)) || !coturn.alive(),
    10_000,
  ).catch(async (error) => {
    await coturn.stop('SIGKILL');
    throw error;
  });
  if (!coturn.alive()) throw new Error(`turnserver did not start: ${coturn.lines.join('\n')}`);
  return coturn;
}

/** One request to HAProxy's runtime API (the stats socket); answers its text. */
export function haproxyCommand(socketPath, command) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let answer = '';
    socket.on('connect', () => socket.end(`${command}\n`));
    socket.on('data', (data) => (answer += data.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

/** Each api server's HAProxy status (UP, DOWN, DRAIN, MAINT …) and total sessions, from `show stat`. */
export async function haproxyServers(socketPath) {
  const csv = await haproxyCommand(socketPath, 'show stat');
  const [header, ...rows] = csv.trim().split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const servers = {};
  for (const row of rows) {
    const cells = row.split(',');
    const cell = (name) => cells[columns.indexOf(name)];
    if (cell('pxname') === 'auscura_api' && /^api\d+$/.test(cell('svname'))) {
      servers[cell('svname')] = { status: cell('status'), sessions: Number(cell('stot')) };
    }
  }
  return servers;
}

/** Reads one Prometheus sample (`name{labels}`) from a metrics port; undefined when absent. */
export async function metricValue(port, name, labels = {}) {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const match = /^([^{\s]+)(?:\{([^}]*)\})?\s+(\S+)/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key, value]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

/**
 * Starts the topology. `apis` and `workers` processes (each startable and killable on its own),
 * HAProxy, a fresh database on `databaseServerUrl`, Redis at `redisUrl`, s3rver and coturn.
 */
export async function startCluster({
  apis = 2,
  workers = 2,
  basePort = Number(process.env.TOPOLOGY_BASE_PORT ?? 9400),
  databaseServerUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  startWorkers = true,
  env = {},
} = {}) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'auscura-topology-'));
  const origin = `http://localhost:${basePort}`;
  const socketPath = path.join(folder, 'haproxy.sock');
  const cleanups = [];
  const stopAll = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    fs.rmSync(folder, { recursive: true, force: true });
  };
  try {
    const database = await freshDatabase(databaseServerUrl);
    cleanups.push(() => database.drop());
    fs.mkdirSync(path.join(folder, 's3'));
    const s3 = await startS3rver(basePort + 40, path.join(folder, 's3'));
    cleanups.push(() => s3.stop());
    const coturn = await startCoturn(basePort, folder);
    cleanups.push(() => coturn.stop());

    // What every process shares: the database, Redis, the bucket, the recordings master key, the
    // TURN secret, and the built-in sign-in's keys (DATA_DIR/identity/keys.json, copied into each
    // process's own DATA_DIR: a token one api signed, another verifies).
    const shared = {
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      RECORDINGS_S3_BUCKET: 'auscura',
      RECORDINGS_S3_ENDPOINT: `http://127.0.0.1:${basePort + 40}`,
      RECORDINGS_S3_ACCESS_KEY_ID: 'S3RVER',
      RECORDINGS_S3_SECRET_ACCESS_KEY: 'S3RVER',
      RECORDINGS_MASTER_KEY: crypto.randomBytes(32).toString('base64'),
      PUBLIC_URL: origin,
      TURN_URLS: `turn:127.0.0.1:${basePort + 50}?transport=udp`,
      TURN_SECRET: turnSecret,
      TRUST_PROXY: 'loopback',
      SEED_DEMO_RECORDINGS: 'false',
      LOG_LEVEL: 'info',
      ...env,
    };
    const { loadOrCreateIdentityKeys } = await import(path.join(root, 'apps/api/dist/identity/keys.js'));
    const keysFolder = path.join(folder, 'identity-keys');
    await loadOrCreateIdentityKeys(keysFolder);

    const processes = new Map();
    const spawnServer = (name, role, index, extra) => {
      const dataDir = path.join(folder, name);
      fs.mkdirSync(path.join(dataDir, 'identity'), { recursive: true, mode: 0o700 });
      fs.copyFileSync(path.join(keysFolder, 'identity', 'keys.json'), path.join(dataDir, 'identity', 'keys.json'));
      const child = spawn(process.execPath, ['--max-semi-space-size=64', serverEntry], {
        env: { ...process.env, ...shared, AUSCURA_ROLE: role, HOST: '127.0.0.1', DATA_DIR: dataDir, ...extra },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const supervised = supervise(name, child);
      const entry = { ...supervised, role, index, ...portsOf(role, index) };
      processes.set(name, entry);
      return entry;
    };
    const portsOf = (role, index) =>
      role === 'api'
        ? { port: basePort + 10 + index, metricsPort: basePort + 20 + index }
        : { port: null, metricsPort: basePort + 30 + index };
    const ready = async (entry) => {
      const url =
        entry.role === 'api' ? `http://127.0.0.1:${entry.port}/readyz` : `http://127.0.0.1:${entry.metricsPort}/readyz`;
      await waitFor(
        `${entry.name} to be ready`,
        async () => {
          if (!entry.alive()) throw new Error(`${entry.name} exited:\n${entry.lines.slice(-20).join('\n')}`);
          return (await fetch(url)).ok;
        },
        120_000,
        200,
      ).catch((error) => {
        throw new Error(`${error.message}\n${entry.lines.slice(-20).join('\n')}`);
      });
      return entry;
    };

    const cluster = {
      origin,
      basePort,
      folder,
      socketPath,
      databaseUrl: database.url,
      s3Endpoint: shared.RECORDINGS_S3_ENDPOINT,
      env: shared,
      processes,
      /** Starts (or restarts) api `index` (1-based) and waits until it answers /readyz. */
      async startApi(index) {
        const { port, metricsPort } = portsOf('api', index);
        return ready(
          spawnServer(`api${index}`, 'api', index, {
            PORT: String(port),
            METRICS_PORT: String(metricsPort),
            SHUTDOWN_DRAIN_SECONDS: '3',
          }),
        );
      },
      /** Starts (or restarts) worker `index` and waits until its health port answers. */
      async startWorker(index) {
        const { metricsPort } = portsOf('worker', index);
        return ready(spawnServer(`worker${index}`, 'worker', index, { METRICS_PORT: String(metricsPort) }));
      },
      api: (index) => processes.get(`api${index}`),
      worker: (index) => processes.get(`worker${index}`),
      haproxyServers: () => haproxyServers(socketPath),
      haproxyCommand: (command) => haproxyCommand(socketPath, command),
      /** Waits until HAProxy sees the given api servers in `status` (e.g. { api1: 'UP' }). */
      async waitForHaproxy(expected, timeoutMs = 30_000) {
        return waitFor(
          `HAProxy to see ${JSON.stringify(expected)}`,
          async () => {
            const servers = await haproxyServers(socketPath);
            return Object.entries(expected).every(([name, status]) => servers[name]?.status === status)
              ? servers
              : null;
          },
          timeoutMs,
          100,
        );
      },
      stop: stopAll,
    };
    cleanups.push(async () => {
      await Promise.all([...processes.values()].map((entry) => entry.stop('SIGKILL')));
    });

    // The first api migrates and seeds alone; the rest start together (they wait on its lock anyway).
    await cluster.startApi(1);
    await Promise.all(Array.from({ length: apis - 1 }, (_, i) => cluster.startApi(i + 2)));
    if (startWorkers) await Promise.all(Array.from({ length: workers }, (_, i) => cluster.startWorker(i + 1)));

    const haproxy = supervise(
      'haproxy',
      spawn('haproxy', ['-db', '-f', path.join(root, 'deploy/haproxy.cfg')], {
        env: {
          ...process.env,
          AUSCURA_HTTP_BIND: `127.0.0.1:${basePort}`,
          AUSCURA_API_1: `127.0.0.1:${basePort + 11}`,
          AUSCURA_API_2: `127.0.0.1:${basePort + 12}`,
          HAPROXY_STATS_SOCKET: socketPath,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    cleanups.push(() => haproxy.stop());
    cluster.haproxy = haproxy;
    const up = Object.fromEntries(Array.from({ length: apis }, (_, i) => [`api${i + 1}`, 'UP']));
    await cluster.waitForHaproxy(up);
    return cluster;
  } catch (error) {
    await stopAll();
    throw error;
  }
}
