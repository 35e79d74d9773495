import type { Worker } from 'node:worker_threads';
import type { IngestResult, WorkerData } from './messages.js';
import { spawnWorker } from './processor.js';

export type Ingestor = {
  /**
   * Checks the bytes with the engine's WAV decoder and, when usable and not longer than
   * `maxDurationSec`, stores them durably under `key`. The bytes are moved to the worker.
   */
  ingest(key: string, bytes: Uint8Array, maxDurationSec: number): Promise<IngestResult>;
  close(): Promise<void>;
};

/**
 * A worker thread of its own for uploads, so an upload never waits behind a processing job;
 * each upload costs it tens of milliseconds. Requests are matched to answers by id.
 */
export function createIngestor(workerData: WorkerData): Ingestor {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve: (result: IngestResult) => void; reject: (error: Error) => void }>();

  function start(): Worker {
    const started = spawnWorker(workerData);
    started.unref();
    const failAll = (error: Error) => {
      if (worker === started) worker = null;
      for (const [, waiter] of pending) waiter.reject(error);
      pending.clear();
    };
    started.on('message', (result: IngestResult) => {
      const waiter = pending.get(result.id);
      if (!waiter) return;
      pending.delete(result.id);
      waiter.resolve(result);
    });
    started.on('error', (error) => failAll(error));
    started.on('exit', (code) => failAll(new Error(`upload worker exited with code ${code}`)));
    return started;
  }

  return {
    ingest(key, bytes, maxDurationSec) {
      worker ??= start();
      const id = nextId++;
      const target = worker;
      return new Promise<IngestResult>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        // Moved, not copied, when the bytes own their whole buffer.
        const transfer =
          bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? [bytes.buffer as ArrayBuffer] : [];
        target.postMessage({ type: 'ingest', id, key, bytes, maxDurationSec }, transfer);
      });
    },
    async close() {
      const current = worker;
      worker = null;
      await current?.terminate();
    },
  };
}
