import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../config/env.js';
import type { Db } from '../db/connect.js';
import type { BlobStore } from './blob-store.js';
import { createEncryptedFileStore } from './encrypted-file-store.js';
import { loadOrCreateRecordingsMasterKey } from './master-key.js';
import { sweepOrphanBlobs } from './orphan-sweep.js';

export type RecordingStorage = {
  store: BlobStore;
  /** What a worker thread needs to open the same store. */
  workerData: { storeFolder: string; masterKey: Uint8Array };
};

/**
 * The recording store the configuration selects. Only the embedded encrypted-file store exists;
 * an S3-compatible adapter would implement BlobStore and be chosen here from its env settings.
 */
export async function openRecordingStorage(env: Env): Promise<RecordingStorage> {
  const masterKey = await loadOrCreateRecordingsMasterKey(env.dataDir, env.RECORDINGS_MASTER_KEY);
  const storeFolder = path.join(env.dataDir, 'recordings');
  return {
    store: createEncryptedFileStore({ folder: storeFolder, masterKey }),
    workerData: { storeFolder, masterKey: new Uint8Array(masterKey) },
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
