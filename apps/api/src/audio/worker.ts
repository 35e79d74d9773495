// Worker-thread entry: processes one recording at a time off the main thread (the event loop
// keeps answering requests while the DSP runs). Emitted by bundle.mjs as its own file.
import { Buffer } from 'node:buffer';
import { parentPort, workerData } from 'node:worker_threads';
import { decodeWav, loadEngine, WavError, VARIANT_NAMES } from '@auscura/audio-engine/node';
import { openBlobStore } from '../storage/store-settings.js';
import type { IngestRequest, IngestResult, JobRequest, JobResult, WorkerData } from './messages.js';
import { variantKey } from './messages.js';
import { processRecording } from './pipeline.js';

const data = workerData as WorkerData;
const store = openBlobStore(data.store, Buffer.from(data.masterKey));

async function readAll(key: string): Promise<Uint8Array> {
  const parts: Buffer[] = [];
  for await (const part of await store.get(key)) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

async function run(job: JobRequest): Promise<JobResult> {
  const { auscultationId } = job;
  const bytes = await readAll(job.blobKey);
  let processed;
  try {
    processed = processRecording(loadEngine(), bytes, job.context);
  } catch (error) {
    if (error instanceof WavError) return { type: 'rejected', auscultationId, reason: `wav:${error.code}` };
    throw error;
  }
  const variantKeys: Record<string, string> = {};
  // The four writes overlap: each waits for its own fsyncs, the disk is not idle in between.
  await Promise.all(
    VARIANT_NAMES.map(async (name) => {
      const key = variantKey(auscultationId, name);
      // A job interrupted after writing some variants runs again: replace what it left.
      await store.delete(key);
      await store.put(key, processed.variants[name]);
      variantKeys[name] = key;
    }),
  );
  const { variants: _variants, ...result } = processed;
  return { type: 'done', auscultationId, variantKeys, result };
}

/** Checks an upload by its content with the engine's decoder, then stores it (encrypted, durable). */
async function ingest(request: IngestRequest): Promise<IngestResult> {
  const { id } = request;
  let wav;
  try {
    wav = decodeWav(request.bytes);
  } catch (error) {
    if (error instanceof WavError) return { type: 'invalid', id, message: 'The recording is not a readable WAV file.' };
    throw error;
  }
  const frames = wav.channels[0]?.length ?? 0;
  if (frames === 0 || wav.sampleRate <= 0) return { type: 'invalid', id, message: 'The recording has no audio.' };
  const durationSec = frames / wav.sampleRate;
  if (durationSec > request.maxDurationSec) {
    return { type: 'invalid', id, message: 'The recording is longer than the maximum duration.' };
  }
  const stored = await store.put(request.key, request.bytes);
  return {
    type: 'ingested',
    id,
    size: stored.size,
    sha256: stored.sha256,
    sampleRate: wav.sampleRate,
    channels: wav.channels.length,
    durationSec,
  };
}

const describe = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 300) : 'unknown error';

parentPort?.on('message', (message: JobRequest | IngestRequest) => {
  if (message.type === 'ingest') {
    ingest(message)
      .catch((error: unknown): IngestResult => ({ type: 'ingest-error', id: message.id, reason: describe(error) }))
      .then((result) => parentPort?.postMessage(result));
    return;
  }
  run(message)
    .catch((error: unknown): JobResult => ({
      type: 'error',
      auscultationId: message.auscultationId,
      reason: describe(error),
    }))
    .then((result) => parentPort?.postMessage(result));
});
