import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../config/env.js';
import type { Db } from '../db/connect.js';
import type { BlobStore } from './blob-store.js';
import { loadOrCreateRecordingsMasterKey } from './master-key.js';
import { sweepOrphanBlobs } from './orphan-sweep.js';
import { openBlobStore } from './store-settings.js';
import type { StoreSettings } from './store-settings.js';

export type RecordingStorage = {
  store: BlobStore;
  /** Holds back the store's deletions (a backup copying the recordings) until the returned function is called. */
  holdDeletions(): () => void;
  /** What a worker thread needs to open the same store. */
  workerData: { store: StoreSettings; masterKey: Uint8Array };
};

/**
 * The recording store the configuration selects: an S3-compatible bucket when
 * RECORDINGS_S3_BUCKET is set, else encrypted files in DATA_DIR/recordings. Either way the master
 * key comes from RECORDINGS_MASTER_KEY or DATA_DIR/keys.
 */
export async function openRecordingStorage(env: Env): Promise<RecordingStorage> {
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
  return {
    store,
    holdDeletions: gate.hold,
    workerData: { store: settings, masterKey: new Uint8Array(masterKey) },
  };
}

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
export function scheduleOrphanSweep(app: FastifyInstance, db: Db, store: BlobStore, graceSeconds: number) {
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
