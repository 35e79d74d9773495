import { createPendingUploads } from '../../../lib/pending-uploads.ts';
import type { AuscultationPoint, NoiseQualityRecord } from '@auscura/contracts';

/**
 * A recording waiting for its upload. Kept in IndexedDB from Save until the server has it (or the
 * provider discards it), so a failed upload or a reload does not lose the auscultation.
 */
export type PendingRecording = {
  /** The upload's idempotency key: a retry with the same key never makes a second auscultation. */
  clientRecordingId: string;
  examId: string;
  patientProfileId: string;
  auscultationPoint: AuscultationPoint;
  deviceLabel: string;
  noiseQualityRecord: NoiseQualityRecord;
  /** The WAV file (PCM16, mono, at the recording's sample rate). */
  wav: Blob;
  durationSec: number;
  dateCreated: string;
};

const pending = createPendingUploads<PendingRecording>(
  'auscura-in-person-exam',
  'patientProfileId',
  'pending-recordings',
);

export const savePendingRecording = pending.save;
export const removePendingRecording = pending.remove;
/** The patient's recordings not yet on the server, oldest first. */
export const listPendingRecordings = pending.list;
