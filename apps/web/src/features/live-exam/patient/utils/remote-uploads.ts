import type { AuscultationRequest, NoiseQualityRecord } from '@auscura/contracts';
import { createPendingUploads } from '../../../../lib/pending-uploads.ts';
import { uploadAuscultation } from '../../../../lib/api/auscultations/upload-auscultation.ts';
import { recordingFile } from '../../../../lib/audio/recorded.ts';
import type { Recorded } from '../../../../lib/audio/recorded.ts';

/**
 * A remote recording of the live exam waiting for its upload: kept in IndexedDB from the moment it
 * is made until the server has it (lib/pending-uploads.ts), so a network cut during the upload loses
 * nothing and a retry sends the same clientRecordingId (never stored twice).
 */
export type PendingRemoteUpload = {
  clientRecordingId: string;
  virtualExamId: string;
  auscultationRequestId: string;
  examId: string;
  pointLabel: string;
  deviceLabel: string;
  noiseQualityRecord: NoiseQualityRecord;
  wav: Blob;
  dateCreated: string;
};

export const pendingRemoteUploads = createPendingUploads<PendingRemoteUpload>('auscura-live-exam', 'virtualExamId');

/** The recording as its pending upload: the lossless file (recordingFile) and the request it answers. */
export function pendingFromRecorded(
  recorded: Recorded,
  context: { virtualExamId: string; requestId: string; request: AuscultationRequest },
): PendingRemoteUpload {
  const { clientRecordingId, deviceLabel, noiseQualityRecord, wav, dateCreated } = recordingFile(recorded);
  return {
    clientRecordingId,
    virtualExamId: context.virtualExamId,
    auscultationRequestId: context.requestId,
    examId: context.request.examId ?? '',
    pointLabel: context.request.auscultationPoint,
    deviceLabel,
    noiseQualityRecord,
    wav,
    dateCreated,
  };
}

/** Sends one pending recording with the patient's session (the request it answers in the query). */
export function sendRemoteUpload(
  pending: PendingRemoteUpload,
  bearer: string,
  options: { signal?: AbortSignal; onProgress?: (percent: number) => void },
) {
  return uploadAuscultation(
    {
      examId: pending.examId,
      auscultationPoint: { type: pending.pointLabel.startsWith('h') ? 'heart' : 'lungs', label: pending.pointLabel },
      noiseQualityRecord: pending.noiseQualityRecord,
      clientRecordingId: pending.clientRecordingId,
      deviceLabel: pending.deviceLabel,
      wav: pending.wav,
    },
    {
      signal: options.signal,
      onProgress: options.onProgress,
      remote: {
        virtualExamId: pending.virtualExamId,
        auscultationRequestId: pending.auscultationRequestId,
        bearer,
      },
    },
  );
}

/** How long to wait before upload try `attempt` (0-based) after a network failure: 1, 2, 4, then every 8 s. */
export const retryDelayMs = (attempt: number) => Math.min(8000, 1000 * 2 ** attempt);
