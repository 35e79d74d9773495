import crypto from 'node:crypto';
import { recordingLimits } from '@auscura/contracts';
import type { Selectable } from 'kysely';
import type { Db, DbOrTx } from '../db/connect.js';
import type { AuscultationsTable } from '../db/schema.js';
import { isUniqueViolation } from '../db/errors.js';
import { createAuditRepository } from '../audit/repository.js';
import type { AuditActor } from '../audit/repository.js';
import { originalKey } from '../audio/messages.js';
import type { Ingestor } from '../audio/ingest.js';
import { invalidData } from '../lib/http-error.js';
import type { BlobStore } from '../storage/blob-store.js';
import { describePoint } from './mapper.js';
import { createAuscultationRepository } from './repository.js';
import type { UploadedRecording } from './upload.js';

type AuscultationRow = Selectable<AuscultationsTable>;
type StoredUpload = { row: AuscultationRow; repeated: boolean };

/**
 * Stores one uploaded recording as a new auscultation of the exam (the in-person upload and the
 * patient's self-exam upload share it). The WAV is checked by content and stored durably before
 * the row exists: a crash in between leaves an orphan blob (swept at start), never a row without
 * its recording. A clientRecordingId seen before on this exam answers the auscultation it made
 * (repeated: true) and stores nothing. `inTransaction` runs with the new row, in its transaction.
 */
export async function storeUpload(
  deps: { db: Db; store: BlobStore; ingestor: Ingestor },
  exam: { id: string; organization_id: string; patient_profile_id: string },
  upload: UploadedRecording,
  actor: AuditActor,
  inTransaction?: (tx: DbOrTx, row: AuscultationRow) => Promise<void>,
  /** The longest recording taken (a remote recording of the live exam may run past 60 s). */
  maxDurationSec: number = recordingLimits.maxDurationSec,
): Promise<StoredUpload> {
  const { db, store, ingestor } = deps;
  const auscultations = createAuscultationRepository(db);
  const clientRecordingId = upload.part.clientRecordingId ?? null;
  const repeated = clientRecordingId ? await auscultations.findByClientKey(exam.id, clientRecordingId) : undefined;
  if (repeated) return { row: repeated, repeated: true };
  const id = crypto.randomUUID();
  const key = originalKey(id);
  const stored = await ingestor.ingest(key, upload.bytes, maxDurationSec);
  if (stored.type === 'invalid') throw invalidData(stored.message);
  if (stored.type !== 'ingested') throw new Error(`Storing the recording failed: ${stored.reason}`);
  const point = upload.part.auscultationPoint;
  try {
    const row = await db.transaction().execute(async (tx) => {
      const inserted = await createAuscultationRepository(tx).insertWithJob({
        id,
        exam_id: exam.id,
        organization_id: exam.organization_id,
        point_type: point.type,
        point_label: point.label,
        point_description: describePoint(point.label) ?? point.description ?? null,
        device_label: upload.part.deviceLabel ?? null,
        noise_quality_record: upload.part.noiseQualityRecord ? JSON.stringify(upload.part.noiseQualityRecord) : null,
        beataware_status: 'processing',
        recording_duration: stored.durationSec,
        recording_mime_type: 'audio/wav',
        recording_size: stored.size,
        recording_blob_key: key,
        recording_sha256: stored.sha256,
        recording_sample_rate: stored.sampleRate,
        recording_channels: stored.channels,
        client_recording_id: clientRecordingId,
      });
      await createAuditRepository(tx).record(actor, {
        action: 'create',
        targetType: 'auscultation',
        targetId: id,
        patientProfileId: exam.patient_profile_id,
        detail: { examId: exam.id, bytes: stored.size },
      });
      await inTransaction?.(tx, inserted);
      return inserted;
    });
    return { row, repeated: false };
  } catch (error) {
    await store.delete(key).catch(() => undefined);
    // The same recording arrived twice at once and the other upload won: answer its auscultation.
    if (clientRecordingId && isUniqueViolation(error)) {
      const winner = await auscultations.findByClientKey(exam.id, clientRecordingId);
      if (winner) return { row: winner, repeated: true };
    }
    throw error;
  }
}
