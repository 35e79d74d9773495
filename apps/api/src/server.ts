// First: the V8 flags the whole process (and its worker threads) runs with.
import './runtime-flags.js';
import { createLogger } from './plugins/logger.js';
import { loadEnv } from './config/env.js';
import { dataAtRestWarning } from './config/data-at-rest.js';
import { privateUmask, securePermissions } from './config/data-dir-permissions.js';
import { connectDatabase, migrate } from './db/connect.js';
import { acquireServerLock, operatorSecret } from './operator/data-dir-lock.js';
import { seedDemoData, demoPassword, demoOrganizations } from './seed/demo-data.js';
import { attachDemoRecordings, findDemoFixturesFolder } from './seed/demo-recordings.js';
import { createMetricsRegistry, startMetricsServer } from './plugins/metrics.js';
import type { MetricsServer } from './plugins/metrics.js';
import { runWorkerProcess } from './worker-process.js';

/** How long in-flight requests (an upload) may take to finish after the drain, before the process gives up. */
const closeGraceMs = 30_000;

/**
 * The process shell: configuration, logger, data-folder lock, database, listen, and a graceful
 * close on SIGTERM/SIGINT. The role (AUSCURA_ROLE or --role) decides what runs: `all` and `api`
 * serve HTTP here, `worker` only processes recordings (worker-process.ts). A stop drains: /readyz
 * answers 503 for SHUTDOWN_DRAIN_SECONDS while everything still works, so the load balancer stops
 * sending; then live-exam sockets close with 1012 (clients reconnect through the balancer at
 * once), requests in flight finish, and the database closes.
 */
async function main() {
  const startedAt = performance.now();
  const env = loadEnv(undefined, process.argv.slice(2));
  const logger = createLogger(env.LOG_LEVEL);
  // DATA_DIR and everything in it is the server user's alone (0700 folders, 0600 files).
  process.umask(privateUmask);
  const permissions = securePermissions(env.dataDir);
  if (permissions.fixed) logger.warn({ fixed: permissions.fixed }, 'DATA_DIR permissions tightened to 0700/0600');
  const plaintext = dataAtRestWarning(env);
  if (plaintext) logger.warn(plaintext);
  const lock = acquireServerLock(env.dataDir, env.PORT);
  // Start opening the database first: PGlite compiles its WASM off the main thread, so loading
  // the app's modules (Fastify, oidc-provider, …) overlaps with it instead of following it.
  const databaseReady = connectDatabase({
    url: env.DATABASE_URL,
    dataDir: env.dataDir,
    poolSize: env.DATABASE_POOL_SIZE,
    onConnectionClosed: () => logger.debug('a database connection closed; the next query opens another'),
  });
  const appModule = env.role === 'worker' ? null : import('./app.js');
  const database = await databaseReady;
  // Processes starting together (an upgrade) apply the migrations once: one holds the database's
  // lock while the others wait for it.
  const applied = await migrate(database);
  if (applied.length) logger.info({ migrations: applied }, 'migrations applied');
  if (!appModule) {
    await runWorkerProcess({ env, logger, database, release: () => lock.release(), startedAt });
    return;
  }
  const { buildApp } = await appModule;
  if (env.SEED_DEMO_DATA) {
    // Under the same lock: two processes starting on an empty database seed it once.
    const summary = await database.exclusive(() =>
      seedDemoData(database.db, { reset: false, tcVersion: env.TC_VERSION }),
    );
    if (summary.startsWith('Seeded')) logger.info(summary);
  }

  const metrics = createMetricsRegistry(env.role, { processMetrics: true });
  const app = await buildApp(
    { env, database, operatorSecret: operatorSecret(env.dataDir), metrics },
    {
      loggerInstance: logger,
    },
  );
  const firstAddress = await app.listen({ port: env.PORT, host: env.HOST });
  const port = app.server.address();
  // Fastify answers with one of the addresses it listens on (127.0.0.1 for 0.0.0.0): an operator must
  // read that the port is open on every interface.
  const everyInterface = env.HOST === '0.0.0.0' || env.HOST === '::';
  const address =
    everyInterface && port && typeof port === 'object'
      ? `port ${port.port} of every interface (HOST=${env.HOST})`
      : firstAddress;
  if (port && typeof port === 'object') lock.setPort(port.port);
  let metricsServer: MetricsServer | null = null;
  if (env.metricsPort !== null) {
    metricsServer = await startMetricsServer({
      registry: metrics,
      port: env.metricsPort,
      host: env.metricsHost,
      ready: async () => (await app.inject({ method: 'GET', url: '/readyz' })).statusCode === 200,
      onError: (error) => logger.error({ err: error }, 'collecting metrics failed'),
    });
  }

  const readyMs = Math.round(performance.now() - startedAt);
  const demo = demoOrganizations[0]?.providers[0];
  const roleNote = env.role === 'all' ? '' : `, role: ${env.role}`;
  const metricsNote = metricsServer ? `, metrics on ${env.metricsHost}:${metricsServer.port}` : '';
  process.stdout.write(
    `\nAuscura is ready at ${env.publicUrl} (listening on ${address}, ready in ${readyMs} ms, database: ${database.kind}${roleNote}${metricsNote})\n` +
      (env.SEED_DEMO_DATA && demo ? `Demo sign-in: ${demo.email} / ${demoPassword}\n\n` : '\n'),
  );

  // Demo recordings are stored and queued after the server listens (startup does not wait for
  // them); rows still without a recording after an interrupted run are picked up next start.
  const demoRecordings = new AbortController();
  const fixtures = env.SEED_DEMO_DATA && env.SEED_DEMO_RECORDINGS ? findDemoFixturesFolder() : null;
  if (fixtures) {
    const { store, processor } = app.recordings;
    void attachDemoRecordings({ db: database.db, store, processor, folder: fixtures, signal: demoRecordings.signal })
      .then((count) => {
        if (count) logger.info({ count }, 'demo recordings stored and queued for processing');
      })
      .catch((error: unknown) => {
        if (!demoRecordings.signal.aborted) logger.error({ err: error }, 'demo recordings failed');
      });
  }

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal, drainSeconds: env.drainSeconds }, 'shutting down');
    const timer = setTimeout(
      () => {
        logger.error('shutdown took too long; exiting');
        process.exit(1);
      },
      env.drainSeconds * 1000 + closeGraceMs,
    );
    app.lifecycle.draining = true;
    if (env.drainSeconds > 0) await new Promise((resolve) => setTimeout(resolve, env.drainSeconds * 1000));
    demoRecordings.abort();
    try {
      await app.close();
      await metricsServer?.close();
      await database.close();
    } finally {
      clearTimeout(timer);
      lock.release();
    }
    // Left to end by itself: process.exit() can deadlock Node 24 when a background compile waits for
    // a garbage collection the exiting main thread never runs (nodejs/node#54918, #64274). Anything
    // still holding the event loop open is cut off after a second.
    process.exitCode = 0;
    setTimeout(() => process.exit(0), 1_000).unref();
  };
  process.on('SIGTERM', () => void close('SIGTERM'));
  process.on('SIGINT', () => void close('SIGINT'));
}

/**
 * What a start failure says. Not every thrown value is an Error: the embedded database's file
 * system throws `{ name: 'ErrnoError', errno }` (a full disk printed "[object Object]").
 */
function describeStartError(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (error && typeof error === 'object') {
    const { name, errno, code } = error as { name?: unknown; errno?: unknown; code?: unknown };
    const parts = [name, code, errno === undefined ? undefined : `errno ${String(errno)}`].filter(
      (part) => part !== undefined,
    );
    if (parts.length > 0) return `${parts.map(String).join(', ')} (a full disk or an unwritable DATA_DIR?)`;
  }
  return String(error);
}

main().catch((error: unknown) => {
  process.stderr.write(`Auscura failed to start: ${describeStartError(error)}\n`);
  process.exit(1);
});
