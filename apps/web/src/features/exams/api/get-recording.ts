import { recordingPathByVariant, recordingRoutes } from '@auscura/contracts';
import type { recordingVariants } from '@auscura/contracts';
import { apiDownload } from '../../../lib/api-client.ts';
import type { DownloadProgress } from '../../../lib/api-client.ts';

export type RecordingVariant = (typeof recordingVariants)[number];

/**
 * One recording file (WAV bytes) of an auscultation in the chosen variant, with download
 * progress. Not a TanStack query: the bytes are large and live only as long as the player.
 */
export function getRecording(
  id: string,
  variant: RecordingVariant,
  options: { signal?: AbortSignal; onProgress?: (progress: DownloadProgress) => void } = {},
): Promise<ArrayBuffer> {
  return apiDownload(recordingRoutes[recordingPathByVariant[variant]], { id }, options);
}
