import type { Logger } from 'pino';
import { sql } from 'kysely';
import { registerRecordingMetrics } from './audio/metrics.js';
import type { Env } from './config/env.js';
import type { DatabaseHandle } from './db/connect.js';
import { createMetricsRegistry, startMetricsServer } from './plugins/metrics.js';
import { openRecordings } from './plugins/recordings.js';

/**
 * On SIGTERM a worker finishes the recordings it is processing, for at most this long (a 60 s
 * recording takes well under a second); what is still running then goes back to the queue.
 */
const jobDrainMs = 20_000;

/**
 * The worker role: processes the recording queue (RECORDING_WORKERS threads) and serves nothing
 * but /healthz, /readyz and /metrics on METRICS_PORT — no API, no web app, no WebSocket. Jobs
 * come from PostgreSQL (claimed with leases, announced by NOTIFY), so any number of workers on
 * any number of machines share one queue.
 */
export async function runWorkerProcess(options: {
  env: Env;
  logger: Logger;
  database: DatabaseHandle;
  /** Releases the DATA_DIR lock once everything is closed. */
  release: () => void;
  startedAt: number;
}): Promise<void> {
  const { env, logger, database } = options;
  const metrics = createMetricsRegistry('worker', { processMetrics: true });
  const recordingMetrics = registerRecordingMetrics(metrics, database.db);
  const recordings = await openRecordings({
    env,
    database,
    log: logger,
    onJobFinished: recordingMetrics.onJobFinished,
  });
  const { processor } = recordings;
  recordingMetrics.watch(processor);
  let draining = false;
  const server = await startMetricsServer({
    registry: metrics,
    port: env.metricsPort ?? 0,
    host: env.metricsHost,
    ready: async () => {
      if (draining) return false;
      await sql`SELECT 1`.execute(database.db);
      return true;
    },
    onError: (error) => logger.error({ err: error }, 'collecting metrics failed'),
  });
  await processor.start();
  const readyMs = Math.round(performance.now() - options.startedAt);
  process.stdout.write(
    `\nAuscura worker is ready (${env.RECORDING_WORKERS} recording thread${env.RECORDING_WORKERS === 1 ? '' : 's'}, ` +
      `health and metrics on ${env.metricsHost}:${server.port}, ready in ${readyMs} ms, database: ${database.kind})\n\n`,
  );

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    draining = true;
    logger.info({ signal }, 'worker shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, jobDrainMs + 10_000);
    try {
      await processor.drain(jobDrainMs);
      await recordings.ingestor.close();
      await server.close();
      await database.close();
    } finally {
      clearTimeout(timer);
      options.release();
    }
    // As in server.ts: no process.exit() while a worker thread may still be winding down (nodejs/node#54918).
    process.exitCode = 0;
    setTimeout(() => process.exit(0), 1_000).unref();
  };
  process.on('SIGTERM', () => void close('SIGTERM'));
  process.on('SIGINT', () => void close('SIGINT'));
}
