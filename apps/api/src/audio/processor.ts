import crypto from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect.js';
import type { BlobStore } from '../storage/blob-store.js';
import { createJobQueue, jobTimings, MAX_ATTEMPTS, newWorkerId } from './job-queue.js';
import type { ClaimedJob } from './job-queue.js';
import type { JobRequest, JobResult, WorkerData } from './messages.js';

export { MAX_ATTEMPTS } from './job-queue.js';
/** A recording of at most 66 s takes well under a second; this only catches a stuck worker. */
const JOB_TIMEOUT_MS = 120_000;

/** How a run ended, for the metrics: processed, refused by the engine, or failed (retried or not). */
export type JobOutcome = 'done' | 'rejected' | 'error';

export type RecordingProcessor = {
  /** Starts working through the queue (does not wait); with no worker threads it does nothing. */
  start(): Promise<void>;
  /** A new job was queued. */
  notify(): void;
  /** Resolves once no job is pending or running (tests, the benchmark's seed phase). */
  whenIdle(): Promise<void>;
  /** Jobs running in this process now. */
  running(): number;
  /**
   * Stops claiming jobs and waits up to `timeoutMs` for the running ones to finish; then closes,
   * giving back to the queue whatever is still running (another worker starts it at once).
   */
  drain(timeoutMs: number): Promise<void>;
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

export type RecordingProcessorOptions = {
  db: Db;
  store: BlobStore;
  workerData: WorkerData;
  /** Worker threads of this process (0: it processes nothing, e.g. the api role). */
  workers: number;
  log: FastifyBaseLogger;
  /** Names this process in the jobs it holds; default host:pid:random. */
  workerId?: string;
  /**
   * The database serves this process alone (PGlite, locked): at start, every running job was
   * interrupted here and goes back to the queue at once instead of when its lease runs out.
   */
  resetRunningAtStart?: boolean;
  /** Calls back when another process queues a job (PostgreSQL LISTEN); answers the way to stop. */
  listen?: (onQueued: () => void) => Promise<() => Promise<void>>;
  /** Every run that ended (metrics): its outcome and how long it took. */
  onJobFinished?: (outcome: JobOutcome, seconds: number) => void;
  /** Shorter lease and poll in tests. */
  timings?: { leaseMs: number; renewMs: number; pollMs: number };
};

export function createRecordingProcessor(options: RecordingProcessorOptions): RecordingProcessor {
  const { db, store, log } = options;
  const timings = options.timings ?? jobTimings;
  const queue = createJobQueue(db, options.workerId ?? newWorkerId(), {
    leaseMs: timings.leaseMs,
    takeOver: !options.resetRunningAtStart,
  });
  const slots: Slot[] = Array.from({ length: options.workers }, () => ({ worker: null, busy: false }));
  let closed = false;
  let draining = false;
  let started = false;
  let pumping = false;
  let again = false;
  let idleWaiters: (() => void)[] = [];
  let busyChanged: (() => void) | null = null;
  let unlisten: (() => Promise<void>) | null = null;
  const timers: NodeJS.Timeout[] = [];

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

  async function complete(job: ClaimedJob, result: JobResult, startedAt: number): Promise<void> {
    const id = job.auscultationId;
    const recorded = await queue.complete(job, result, async (tx) => {
      if (result.type !== 'done') return true;
      const r = result.result;
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
      return row !== undefined;
    });
    const seconds = (performance.now() - startedAt) / 1000;
    if (!recorded.owned) {
      // Its lease ran out and another worker holds the job now: that one's result counts. The
      // variants' keys are the same for both runs, so nothing of this run is deleted.
      log.warn({ auscultationId: id, worker: queue.workerId }, 'recording job lost its lease; result discarded');
      return;
    }
    options.onJobFinished?.(result.type, seconds);
    if (result.type === 'done') {
      // An id, never patient data: the topology test counts these lines to prove no job ran twice.
      log.info({ auscultationId: id, attempts: job.attempts, worker: queue.workerId, seconds }, 'recording processed');
      // Deleted while it was processed: the variants have no row to belong to.
      if (!recorded.auscultationExists) for (const key of Object.values(result.variantKeys)) await store.delete(key);
      return;
    }
    log.warn({ auscultationId: id, attempts: job.attempts, reason: result.reason }, 'recording processing failed');
  }

  async function work(slot: Slot): Promise<boolean> {
    const job = await queue.claim();
    if (!job) return false;
    slot.busy = true;
    void (async () => {
      const startedAt = performance.now();
      try {
        const result: JobResult =
          job.attempts > MAX_ATTEMPTS
            ? // Claimed again after the processes holding it died MAX_ATTEMPTS times: it may be what kills them.
              { type: 'error', auscultationId: job.auscultationId, reason: 'worker lost while processing' }
            : job.blobKey
              ? await runOnWorker(slot, {
                  type: 'process',
                  auscultationId: job.auscultationId,
                  blobKey: job.blobKey,
                  context: job.context,
                })
              : { type: 'rejected', auscultationId: job.auscultationId, reason: 'no recording' };
        if (!closed) await complete(job, result, startedAt);
      } catch (error) {
        if (!closed) log.error({ err: error, auscultationId: job.auscultationId }, 'recording job bookkeeping failed');
      } finally {
        slot.busy = false;
        busyChanged?.();
        if (!closed) pump();
      }
    })();
    return true;
  }

  function pump(): void {
    if (closed || draining || !started) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    let claimed = false;
    void (async () => {
      try {
        do {
          again = false;
          for (const slot of slots) {
            if (closed || draining) return;
            if (slot.busy) continue;
            if (!(await work(slot))) break;
            claimed = true;
          }
        } while (again && !closed && !draining);
      } catch (error) {
        if (!closed) log.error({ err: error }, 'recording queue failed');
      } finally {
        pumping = false;
        // A pump that claimed nothing does not pump again at once: an open job it cannot claim (held
        // under another process's lease, or waiting out a retry) would otherwise spin this loop
        // against the database without end. The poll timer pumps again.
        if (!closed && slots.every((slot) => !slot.busy)) void checkIdle(!claimed);
      }
    })();
  }

  async function checkIdle(afterEmptyPump = false): Promise<void> {
    if (idleWaiters.length === 0) return;
    const open = await queue.anyOpen();
    if (!open && slots.every((slot) => !slot.busy)) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) resolve();
    } else if (open && !afterEmptyPump) pump();
  }

  async function close() {
    if (closed) return;
    closed = true;
    for (const timer of timers) clearInterval(timer);
    await unlisten?.().catch(() => undefined);
    const interrupted = slots.some((slot) => slot.busy);
    await Promise.all(slots.map((slot) => slot.worker?.terminate()));
    if (interrupted) {
      const released = await queue.release().catch(() => 0);
      if (released) log.info({ count: released }, 'recording jobs given back to the queue');
    }
    for (const resolve of idleWaiters) resolve();
    idleWaiters = [];
  }

  return {
    async start() {
      if (slots.length === 0) return;
      if (options.resetRunningAtStart) await queue.resetAllRunning();
      if (options.listen) {
        unlisten = await options.listen(() => pump());
      }
      timers.push(
        // Jobs queued by other processes while the notification was missed, and expired leases.
        setInterval(pump, timings.pollMs),
        setInterval(() => {
          if (slots.some((slot) => slot.busy)) {
            queue.renew().catch((error: unknown) => log.error({ err: error }, 'recording job lease renewal failed'));
          }
        }, timings.renewMs),
      );
      for (const timer of timers) timer.unref();
      started = true;
      pump();
    },
    notify: () => pump(),
    running: () => slots.filter((slot) => slot.busy).length,
    whenIdle() {
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        if (!pumping && slots.every((slot) => !slot.busy)) void checkIdle();
      });
    },
    async drain(timeoutMs) {
      draining = true;
      const deadline = Date.now() + timeoutMs;
      while (slots.some((slot) => slot.busy) && Date.now() < deadline) {
        await new Promise<void>((resolve) => {
          busyChanged = resolve;
          setTimeout(resolve, Math.max(0, deadline - Date.now())).unref();
        });
      }
      busyChanged = null;
      await close();
    },
    close,
  };
}
