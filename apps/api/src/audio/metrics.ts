import { Gauge, Histogram } from 'prom-client';
import type { Registry } from 'prom-client';
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import type { JobOutcome, RecordingProcessor } from './processor.js';

/** Seconds; a 60 s recording takes well under a second on one core, a stuck one up to the 120 s timeout. */
const processingBuckets = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 120];

/**
 * The recording queue's series. Depth and oldest age are read from the database when scraped (one
 * indexed query), so every process shows the same queue whichever role it has: an api process's
 * metrics show the queue growing while no worker runs. Processing time is observed by the process
 * that ran the job.
 */
export function registerRecordingMetrics(registry: Registry, db: Db) {
  let processor: RecordingProcessor | null = null;
  const snapshot = async () => {
    const result = await sql<{ state: string; jobs: number; oldest_seconds: number | string | null }>`
      SELECT state, count(*)::int AS jobs, EXTRACT(EPOCH FROM now() - min(date_created)) AS oldest_seconds
      FROM recording_jobs WHERE state IN ('pending', 'running') GROUP BY state`.execute(db);
    return result.rows;
  };
  new Gauge({
    name: 'auscura_recording_jobs',
    help: 'Recording jobs in the queue, by state: pending (waiting for a worker) and running (in any process)',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const rows = await snapshot();
      for (const state of ['pending', 'running']) {
        this.set({ state }, rows.find((row) => row.state === state)?.jobs ?? 0);
      }
    },
  });
  new Gauge({
    name: 'auscura_recording_queue_oldest_age_seconds',
    help: 'Age of the oldest pending recording job (0 when none is pending)',
    registers: [registry],
    async collect() {
      const pending = (await snapshot()).find((row) => row.state === 'pending');
      this.set(Number(pending?.oldest_seconds ?? 0));
    },
  });
  new Gauge({
    name: 'auscura_recording_jobs_running_here',
    help: 'Recording jobs this process is running now',
    registers: [registry],
    collect() {
      this.set(processor?.running() ?? 0);
    },
  });
  const processing = new Histogram({
    name: 'auscura_recording_processing_seconds',
    help: 'Time to process one recording (variants and analysis), by outcome: done, rejected (unreadable), error',
    labelNames: ['outcome'],
    buckets: processingBuckets,
    registers: [registry],
  });
  return {
    onJobFinished(outcome: JobOutcome, seconds: number) {
      processing.observe({ outcome }, seconds);
    },
    watch(running: RecordingProcessor) {
      processor = running;
    },
  };
}
