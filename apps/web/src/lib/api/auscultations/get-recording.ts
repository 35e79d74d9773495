import { recordingPathByVariant, recordingRoutes } from '@auscura/contracts';
import type { recordingVariants } from '@auscura/contracts';
import { apiDownload } from '../../api-client.ts';
import type { DownloadProgress } from '../../api-client.ts';

export type RecordingVariant = (typeof recordingVariants)[number];

type DownloadOptions = { signal?: AbortSignal; onProgress?: (progress: DownloadProgress) => void };

/**
 * The original (Raw) files of the last few auscultations downloaded. The waveform and a player
 * on Raw need the same file; the second asks for it while or after the first downloads it, and
 * gets the same bytes instead of a second download. Bounded: a recording is at most ~5 MB.
 */
const rawCacheSize = 4;
type SharedDownload = {
  bytes: Promise<ArrayBuffer>;
  /** Everyone waiting for the bytes hears the progress, whoever started the download. */
  listeners: Set<(progress: DownloadProgress) => void>;
};
const rawCache = new Map<string, SharedDownload>();

function download(id: string, variant: RecordingVariant, options: DownloadOptions): Promise<ArrayBuffer> {
  return apiDownload(recordingRoutes[recordingPathByVariant[variant]], { id }, options);
}

/** Waits for `promise` unless `signal` aborts first (the shared download itself goes on). */
function abortable<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error as Error);
      },
    );
  });
}

/**
 * One recording file (WAV bytes) of an auscultation in the chosen variant, with download
 * progress. Not a TanStack query: the bytes are large and live only as long as the player.
 * The bytes are shared with other callers of the same Raw file: treat them as read-only.
 */
export function getRecording(
  id: string,
  variant: RecordingVariant,
  options: DownloadOptions = {},
): Promise<ArrayBuffer> {
  if (variant !== 'Raw') return download(id, variant, options);
  let shared = rawCache.get(id);
  if (shared) {
    // Most recently used goes last.
    rawCache.delete(id);
    rawCache.set(id, shared);
  } else {
    // The shared download is not cancelled by one caller's signal: another may still want it.
    const listeners = new Set<(progress: DownloadProgress) => void>();
    const bytes = download(id, 'Raw', { onProgress: (progress) => listeners.forEach((listen) => listen(progress)) });
    const created: SharedDownload = { bytes, listeners };
    shared = created;
    rawCache.set(id, created);
    bytes.then(
      () => listeners.clear(),
      () => {
        if (rawCache.get(id) === created) rawCache.delete(id);
      },
    );
    while (rawCache.size > rawCacheSize) rawCache.delete(rawCache.keys().next().value!);
  }
  const { onProgress } = options;
  const { listeners } = shared;
  if (onProgress) listeners.add(onProgress);
  return abortable(shared.bytes, options.signal)
    .then((bytes) => {
      onProgress?.({ loaded: bytes.byteLength, total: bytes.byteLength });
      return bytes;
    })
    .finally(() => {
      if (onProgress) listeners.delete(onProgress);
    });
}

/** Forgets a recording's cached bytes (after it is deleted). */
export function forgetRecording(id: string): void {
  rawCache.delete(id);
}
