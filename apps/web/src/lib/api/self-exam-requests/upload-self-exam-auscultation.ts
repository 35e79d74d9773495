import { selfExamRoutes } from '@auscura/contracts';
import type { createAuscultationPartSchema } from '@auscura/contracts';
import type { z } from 'zod';
import { apiUpload } from '../../api-upload.ts';

export type SelfExamUpload = {
  selfExamRequestId: string;
  auscultationRequestId: string;
  part: Required<Pick<z.input<typeof createAuscultationPartSchema>, 'auscultationPoint' | 'clientRecordingId'>> &
    Pick<z.input<typeof createAuscultationPartSchema>, 'deviceLabel' | 'noiseQualityRecord'>;
  wav: Blob;
};

/**
 * Uploads one point's recording with the patient's token. The clientRecordingId makes a retry
 * after a lost answer find the first upload (200) instead of storing the recording twice.
 */
export async function uploadSelfExamAuscultation(
  upload: SelfExamUpload,
  token: string,
  options: { signal?: AbortSignal; onProgress?: (percent: number) => void } = {},
): Promise<{ id: string; finalized: boolean }> {
  const body = new FormData();
  body.append(
    'auscultation',
    JSON.stringify({ ...upload.part, deviceLabel: upload.part.deviceLabel?.slice(0, 200) || undefined }),
  );
  body.append('recordingData', upload.wav, 'recording.wav');
  const { data } = await apiUpload(selfExamRoutes.uploadAuscultation, [200, 201], {
    params: { id: upload.selfExamRequestId, arId: upload.auscultationRequestId },
    body,
    bearer: token,
    signal: options.signal,
    onProgress: ({ loaded, total }) => options.onProgress?.(Math.floor((loaded / total) * 100)),
  });
  return data;
}
