import crypto from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { ageInMonths } from '@auscura/audio-engine';
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import type { BlobStore } from '../storage/blob-store.js';
import type { JobRequest, JobResult, WorkerData } from './messages.js';
import type { RecordingContext } from './pipeline.js';

/** Attempts before a job that keeps failing (worker crash, storage error) is given up as 'error'. */
export const MAX_ATTEMPTS = 3;
/** A recording of at most 66 s takes well under a second; this only catches a stuck worker. */
const JOB_TIMEOUT_MS = 120_000;

export type RecordingProcessor = {
  /** Puts interrupted jobs back in the queue and starts working through it (does not wait). */
  start(): Promise<void>;
  /** A new job was queued. */
  notify(): void;
  /** Resolves once no job is pending or running (tests, the benchmark's seed phase). */
  whenIdle(): Promise<void>;
  close(): Promise<void>;
};

/**
 * How to start the worker from wherever this module runs: the production bundle
 * (dist/server.bundle.js beside dist/recording-worker.bundle.js), the tsc output
 * (dist/audio/worker.js), or the TypeScript sources under vitest (through tsx's loader, which a
 * worker has to register itself: Node 20 does not pass --import hooks to worker threads).
 */
export function spawnWorker(data: WorkerData): Worker {
  const here = import.meta.url;
  const bundled = new URL('./recording-worker.bundle.js', here);
  if (existsSync(bundled)) return new Worker(bundled, { workerData: data });
  if (here.endsWith('.ts')) {
    // tsx's ESM entry, looked up through its package exports (require.resolve would give the CJS one).
    const manifest = createRequire(here).resolve('tsx/package.json');
    const exports = (
      JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> }
    ).exports;
    const tsx = path.join(path.dirname(manifest), exports['./esm/api']!.import.default);
    const entry = new URL('./worker.ts', here).href;
    const boot = `import(${JSON.stringify(`file://${tsx}`)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`;
    return new Worker(boot, { eval: true, workerData: data });
  }
  return new Worker(new URL('./worker.js', here), { workerData: data });
}

type Slot = { worker: Worker | null; busy: boolean };

export function createRecordingProcessor(options: {
  db: Db;
  store: BlobStore;
  workerData: WorkerData;
  workers: number;
  log: FastifyBaseLogger;
}): RecordingProcessor {
  const { db, store, log } = options;
  const slots: Slot[] = Array.from({ length: options.workers }, () => ({ worker: null, busy: false }));
  let closed = false;
  let started = false;
  let pumping = false;
  let again = false;
  let idleWaiters: (() => void)[] = [];

  async function claim(): Promise<{
    auscultationId: string;
    attempts: number;
    blobKey: string | null;
    context: RecordingContext;
  } | null> {
    const claimed = await sql<{ auscultation_id: string; attempts: number }>`
      UPDATE recording_jobs SET state = 'running', attempts = attempts + 1, date_updated = now()
      WHERE auscultation_id = (
        SELECT auscultation_id FROM recording_jobs WHERE state = 'pending'
        ORDER BY date_created, auscultation_id LIMIT 1 FOR UPDATE SKIP LOCKED
      )
      RETURNING auscultation_id, attempts`.execute(db);
    const job = claimed.rows[0];
    if (!job) return null;
    // The point's kind and the patient's age at the exam decide how the recording is analysed.
    const row = await db
      .selectFrom('auscultations')
      .innerJoin('exams', 'exams.id', 'auscultations.exam_id')
      .innerJoin('patient_profiles', 'patient_profiles.id', 'exams.patient_profile_id')
      .select([
        'auscultations.recording_blob_key',
        'auscultations.point_type',
        'exams.date_created as exam_date',
        'patient_profiles.birthdate',
      ])
      .where('auscultations.id', '=', job.auscultation_id)
      .executeTakeFirst();
    return {
      auscultationId: job.auscultation_id,
      attempts: job.attempts,
      blobKey: row?.recording_blob_key ?? null,
      context: {
        site: row?.point_type ?? 'heart',
        ageMonths: row?.birthdate ? ageInMonths(new Date(row.birthdate), new Date(row.exam_date)) : null,
      },
    };
  }

  function runOnWorker(slot: Slot, request: JobRequest): Promise<JobResult> {
    const worker = (slot.worker ??= spawnWorker(options.workerData));
    worker.unref();
    return new Promise<JobResult>((resolve) => {
      const finish = (result: JobResult) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        resolve(result);
      };
      const fail = (reason: string) => {
        // A crashed or stuck worker is replaced for the next job.
        slot.worker = null;
        void worker.terminate();
        finish({ type: 'error', auscultationId: request.auscultationId, reason });
      };
      const onMessage = (message: JobResult) => {
        if (message.auscultationId === request.auscultationId) finish(message);
      };
      const onError = (error: Error) => fail(`worker error: ${error.message}`.slice(0, 300));
      const onExit = (code: number) => fail(`worker exited with code ${code}`);
      const timer = setTimeout(() => fail('job timed out'), JOB_TIMEOUT_MS);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage(request);
    });
  }

  async function complete(job: { auscultationId: string; attempts: number }, result: JobResult): Promise<void> {
    const id = job.auscultationId;
    if (result.type === 'done') {
      const r = result.result;
      const updated = await db.transaction().execute(async (tx) => {
        const row = await tx
          .updateTable('auscultations')
          .set({
            variant_blob_keys: JSON.stringify(result.variantKeys),
            heartrate_bpm: r.heartrateBpm,
            heartbeat_present: r.heartbeatPresent,
            heartbeat_normal: r.heartbeatNormal,
            diagnosis: r.diagnosis,
            beataware_id: crypto.randomBytes(18).toString('base64url'),
            beataware_status: 'ready',
            beataware_report: JSON.stringify(r.report),
          })
          .where('id', '=', id)
          .returning('id')
          .executeTakeFirst();
        // Noise quality only when the client sent none.
        await tx
          .updateTable('auscultations')
          .set({ noise_quality_record: JSON.stringify(r.noiseQualityRecord) })
          .where('id', '=', id)
          .where('noise_quality_record', 'is', null)
          .execute();
        await tx
          .updateTable('recording_jobs')
          .set({ state: 'done', last_error: null, date_updated: new Date() })
          .where('auscultation_id', '=', id)
          .execute();
        return row;
      });
      // Deleted while it was processed: the variants have no row to belong to.
      if (!updated) for (const key of Object.values(result.variantKeys)) await store.delete(key);
      return;
    }
    const final = result.type === 'rejected' || job.attempts >= MAX_ATTEMPTS;
    log.warn({ auscultationId: id, attempts: job.attempts, reason: result.reason }, 'recording processing failed');
    await db.transaction().execute(async (tx) => {
      await tx
        .updateTable('recording_jobs')
        .set({ state: final ? 'failed' : 'pending', last_error: result.reason, date_updated: new Date() })
        .where('auscultation_id', '=', id)
        .execute();
      if (final) {
        await tx
          .updateTable('auscultations')
          .set({ beataware_status: result.type === 'rejected' ? 'failed' : 'error' })
          .where('id', '=', id)
          .execute();
      }
    });
  }

  async function work(slot: Slot): Promise<boolean> {
    const job = await claim();
    if (!job) return false;
    slot.busy = true;
    void (async () => {
      try {
        const result: JobResult = job.blobKey
          ? await runOnWorker(slot, {
              type: 'process',
              auscultationId: job.auscultationId,
              blobKey: job.blobKey,
              context: job.context,
            })
          : { type: 'rejected', auscultationId: job.auscultationId, reason: 'no recording' };
        if (!closed) await complete(job, result);
      } catch (error) {
        if (!closed) log.error({ err: error, auscultationId: job.auscultationId }, 'recording job bookkeeping failed');
      } finally {
        slot.busy = false;
        if (!closed) pump();
      }
    })();
    return true;
  }

  function pump(): void {
    if (closed || !started) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    void (async () => {
      try {
        do {
          again = false;
          for (const slot of slots) {
            if (closed) return;
            if (!slot.busy && !(await work(slot))) break;
          }
        } while (again && !closed);
      } catch (error) {
        if (!closed) log.error({ err: error }, 'recording queue failed');
      } finally {
        pumping = false;
        if (!closed && slots.every((slot) => !slot.busy)) void checkIdle();
      }
    })();
  }

  async function checkIdle(): Promise<void> {
    if (idleWaiters.length === 0) return;
    const open = await db
      .selectFrom('recording_jobs')
      .select('auscultation_id')
      .where('state', 'in', ['pending', 'running'])
      .limit(1)
      .executeTakeFirst();
    if (!open && slots.every((slot) => !slot.busy)) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) resolve();
    } else if (open) pump();
  }

  return {
    async start() {
      if (slots.length === 0) return;
      // One server per DATA_DIR/database (the server lock): a job still marked running was
      // interrupted by a crash or a stop, so it goes back to the queue.
      await db
        .updateTable('recording_jobs')
        .set({ state: 'pending', date_updated: new Date() })
        .where('state', '=', 'running')
        .execute();
      started = true;
      pump();
    },
    notify: () => pump(),
    whenIdle() {
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        if (!pumping && slots.every((slot) => !slot.busy)) void checkIdle();
      });
    },
    async close() {
      closed = true;
      await Promise.all(slots.map((slot) => slot.worker?.terminate()));
      for (const resolve of idleWaiters) resolve();
      idleWaiters = [];
    },
  };
}
