import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createIngestor } from '../audio/ingest.js';
import type { Ingestor } from '../audio/ingest.js';
import { createRecordingProcessor } from '../audio/processor.js';
import type { JobOutcome, RecordingProcessor } from '../audio/processor.js';
import type { Env } from '../config/env.js';
import type { DatabaseHandle, Db } from '../db/connect.js';
import type { BlobStore } from '../storage/blob-store.js';
import { loadOrCreateRecordingsMasterKey } from '../storage/master-key.js';
import { sweepOrphanBlobs } from '../storage/orphan-sweep.js';
import { openBlobStore } from '../storage/store-settings.js';
import type { StoreSettings } from '../storage/store-settings.js';

export type Recordings = {
  store: BlobStore;
  /** Holds back the store's deletions (a backup copying the recordings) until the returned function is called. */
  holdDeletions(): () => void;
  /** What a worker thread needs to open the same store. */
  workerData: { store: StoreSettings; masterKey: Uint8Array };
  /** The processing queue (variants and analysis of each upload). */
  processor: RecordingProcessor;
  /** Checks and stores uploads in a worker thread. */
  ingestor: Ingestor;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Recording storage and the processing queue (routes, tests, seed and benchmarks reach them here). */
    recordings: Recordings;
  }
}

type RecordingsOptions = {
  env: Env;
  database: DatabaseHandle;
  log: FastifyInstance['log'];
  /** Every processing run that ended (the metrics' processing time). */
  onJobFinished?: (outcome: JobOutcome, seconds: number) => void;
};

/** NOTIFY channel of queued recording jobs (migration 016's trigger). */
const jobsChannel = 'auscura_recording_jobs';

/**
 * The recording store and the processing queue, outside any HTTP server: the worker role runs
 * them alone, the api and all roles through the plugin below. An S3-compatible bucket when
 * RECORDINGS_S3_BUCKET is set, else encrypted files in DATA_DIR/recordings; either way the
 * master key comes from RECORDINGS_MASTER_KEY or DATA_DIR/keys. The api role processes nothing:
 * its queue has no worker threads, and worker processes pick its jobs up.
 */
export async function openRecordings(options: RecordingsOptions): Promise<Recordings> {
  const { env, database } = options;
  const db = database.db;
  const masterKey = await loadOrCreateRecordingsMasterKey(env.dataDir, env.RECORDINGS_MASTER_KEY);
  const settings: StoreSettings = env.recordingsS3
    ? { kind: 's3', ...env.recordingsS3 }
    : { kind: 'encrypted-file', folder: path.join(env.dataDir, 'recordings') };
  const gate = deletionGate();
  const opened = openBlobStore(settings, masterKey);
  const store: BlobStore = {
    ...opened,
    async delete(key) {
      await gate.open();
      return opened.delete(key);
    },
  };
  // Wrong credentials or a missing bucket stop the start with S3's own error, not the first upload.
  if (store.check) await store.check();
  const workerData = { store: settings, masterKey: new Uint8Array(masterKey) };
  const processor = createRecordingProcessor({
    db,
    store,
    workerData,
    workers: env.role === 'api' ? 0 : env.RECORDING_WORKERS,
    log: options.log,
    resetRunningAtStart: database.kind === 'pglite',
    listen: database.listen ? (onQueued) => database.listen!(jobsChannel, onQueued) : undefined,
    onJobFinished: options.onJobFinished,
  });
  const ingestor = createIngestor(workerData);
  return { store, holdDeletions: gate.hold, workerData, processor, ingestor };
}

/**
 * The recording adapter of the HTTP roles (DESIGN.md): the store, the upload worker, the processing
 * queue and the orphan sweep (at start, before the queue runs, then hourly).
 */
export const recordingsPlugin = fp(async (app: FastifyInstance, options: Omit<RecordingsOptions, 'log'>) => {
  const recordings = await openRecordings({ ...options, log: app.log });
  const { store, processor, ingestor } = recordings;
  const db = options.database.db;
  app.decorate('recordings', recordings);
  scheduleOrphanSweep(app, db, store, options.env.RECORDINGS_ORPHAN_GRACE_SECONDS);
  // Only resets interrupted jobs before answering: the server is ready while the worker works.
  app.addHook('onReady', async () => processor.start());
  app.addHook('onClose', async () => {
    await processor.close();
    await ingestor.close();
  });
});

/** Deletions wait while any hold is active. */
function deletionGate() {
  let holds = 0;
  let released: Promise<void> = Promise.resolve();
  let release = () => undefined as void;
  return {
    async open() {
      while (holds > 0) await released;
    },
    hold() {
      if (holds++ === 0) released = new Promise<void>((resolve) => (release = resolve));
      let done = false;
      return () => {
        if (done) return;
        done = true;
        if (--holds === 0) release();
      };
    },
  };
}

/** Sweeps orphans when the app is ready and then hourly. */
function scheduleOrphanSweep(app: FastifyInstance, db: Db, store: BlobStore, graceSeconds: number) {
  const sweep = async () => {
    try {
      const removed = await sweepOrphanBlobs(db, store, { graceSeconds });
      if (removed.length) app.log.info({ count: removed.length }, 'orphan recording blobs removed');
    } catch (error) {
      app.log.error({ err: error }, 'orphan recording sweep failed');
    }
  };
  const timer = setInterval(() => void sweep(), 3600_000);
  timer.unref();
  app.addHook('onReady', sweep);
  app.addHook('onClose', async () => clearInterval(timer));
}
