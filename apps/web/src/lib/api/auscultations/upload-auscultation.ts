import { auscultationRoutes } from '@auscura/contracts';
import type { Auscultation, createAuscultationPartSchema } from '@auscura/contracts';
import type { z } from 'zod';
import { apiUpload } from '../../api-upload.ts';

/** One recording to send: the JSON part's fields and the WAV file, for an exam. */
type AuscultationUpload = Required<
  Pick<z.input<typeof createAuscultationPartSchema>, 'auscultationPoint' | 'noiseQualityRecord' | 'clientRecordingId'>
> & { examId: string; deviceLabel: string; wav: Blob };

/**
 * Uploads one recording (multipart: the auscultation JSON and the WAV as recordingData), with
 * its clientRecordingId so a retry after a lost answer finds the first upload (200) instead of
 * making a second auscultation. `onProgress` gets whole percents.
 */
export async function uploadAuscultation(
  recording: AuscultationUpload,
  options: {
    signal?: AbortSignal;
    onProgress?: (percent: number) => void;
    /**
     * A patient's remote recording in the live exam (issue 17): its session token, its virtual exam
     * and the auscultation request it answers, instead of the signed-in provider.
     */
    remote?: { virtualExamId: string; auscultationRequestId: string; bearer: string };
  } = {},
): Promise<Auscultation> {
  const body = new FormData();
  const part: z.input<typeof createAuscultationPartSchema> = {
    auscultationPoint: recording.auscultationPoint,
    deviceLabel: recording.deviceLabel.slice(0, 200) || undefined,
    noiseQualityRecord: recording.noiseQualityRecord,
    clientRecordingId: recording.clientRecordingId,
  };
  body.append('auscultation', JSON.stringify(part));
  body.append('recordingData', recording.wav, 'recording.wav');
  const { data } = await apiUpload(auscultationRoutes.create, [200, 201], {
    params: { id: recording.examId },
    query: options.remote
      ? { virtualExamId: options.remote.virtualExamId, auscultationRequestId: options.remote.auscultationRequestId }
      : undefined,
    bearer: options.remote?.bearer,
    body,
    signal: options.signal,
    onProgress: ({ loaded, total }) => options.onProgress?.(Math.floor((loaded / total) * 100)),
  });
  return data;
}
