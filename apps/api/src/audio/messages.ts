import type { StoreSettings } from '../storage/store-settings.js';
import type { ProcessedRecording, RecordingContext } from './pipeline.js';

/** The main thread gives the worker the store's settings (file folder or S3) and master key once, at spawn. */
export type WorkerData = { store: StoreSettings; masterKey: Uint8Array };

export type JobRequest = { type: 'process'; auscultationId: string; blobKey: string; context: RecordingContext };

export type JobResult =
  | {
      type: 'done';
      auscultationId: string;
      variantKeys: Record<string, string>;
      result: Omit<ProcessedRecording, 'variants'>;
    }
  /** The stored recording cannot be analysed (not a usable WAV): final, retrying cannot help. */
  | { type: 'rejected'; auscultationId: string; reason: string }
  /** Something else went wrong (storage, engine): the job may be retried. */
  | { type: 'error'; auscultationId: string; reason: string };

/**
 * Uploads are checked and stored off the main thread too: the WAV decode, the SHA-256 and the
 * encryption of a 60 s recording blocked the event loop for tens of milliseconds each.
 */
export type IngestRequest = { type: 'ingest'; id: number; key: string; bytes: Uint8Array; maxDurationSec: number };
export type IngestResult =
  | {
      type: 'ingested';
      id: number;
      size: number;
      sha256: string;
      sampleRate: number;
      channels: number;
      durationSec: number;
    }
  /** Not a usable recording; nothing was stored. `message` is safe to show the client. */
  | { type: 'invalid'; id: number; message: string }
  | { type: 'ingest-error'; id: number; reason: string };

/** Storage key of a processed variant. */
export const variantKey = (auscultationId: string, variant: string) => `${auscultationId}.${variant}.wav`;
/** Storage key of the original upload (served as the Raw variant). */
export const originalKey = (auscultationId: string) => `${auscultationId}.wav`;
