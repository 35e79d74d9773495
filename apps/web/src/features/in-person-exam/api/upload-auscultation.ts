import { auscultationRoutes } from '@auscura/contracts';
import type { Auscultation } from '@auscura/contracts';
import { apiUpload } from '../../../lib/api-upload.ts';
import type { PendingRecording } from '../utils/pending-recordings.ts';

/**
 * Uploads one recording (multipart: the auscultation JSON and the WAV as recordingData), with
 * its clientRecordingId so a retry after a lost answer finds the first upload (200) instead of
 * making a second auscultation. `onProgress` gets whole percents.
 */
export async function uploadAuscultation(
  recording: PendingRecording,
  options: { signal?: AbortSignal; onProgress?: (percent: number) => void } = {},
): Promise<Auscultation> {
  const body = new FormData();
  body.append(
    'auscultation',
    JSON.stringify({
      auscultationPoint: recording.auscultationPoint,
      deviceLabel: recording.deviceLabel.slice(0, 200) || undefined,
      noiseQualityRecord: recording.noiseQualityRecord,
      clientRecordingId: recording.clientRecordingId,
    }),
  );
  body.append('recordingData', recording.wav, 'recording.wav');
  const { data } = await apiUpload(auscultationRoutes.create, [200, 201], {
    params: { id: recording.examId },
    body,
    signal: options.signal,
    onProgress: ({ loaded, total }) => options.onProgress?.(Math.floor((loaded / total) * 100)),
  });
  return data;
}
