import { siteName, siteOf } from '@auscura/contracts';
import type { Auscultation } from '@auscura/contracts';
import type { Selectable } from 'kysely';
import type { AuscultationsTable } from '../db/schema.js';

/** The clinician's description of a standard point, from the one table; undefined for 'other' and unknown labels. */
export function describePoint(label: string): string | undefined {
  return siteOf(label)?.description ?? undefined;
}

export function toAuscultation(row: Selectable<AuscultationsTable>): Auscultation {
  return {
    id: row.id,
    dateCreated: new Date(row.date_created).toISOString(),
    examId: row.exam_id,
    deviceLabel: row.device_label,
    auscultationPoint: {
      type: row.point_type,
      label: row.point_label,
      // A standard point reads the table today (rows stored before the table keep no stale words);
      // 'Other' keeps the description given when it was recorded.
      description: describePoint(row.point_label) ?? row.point_description ?? undefined,
      longLabel: row.point_type === 'other' ? siteName('other') : siteName(row.point_label),
    },
    recording:
      row.recording_mime_type && row.recording_duration !== null
        ? { duration: row.recording_duration, mimeType: row.recording_mime_type, size: row.recording_size ?? undefined }
        : null,
    noiseQualityRecord: row.noise_quality_record,
    heartrateBpm: row.heartrate_bpm,
    heartbeatPresent: row.heartbeat_present,
    heartbeatNormal: row.heartbeat_normal,
    ausculthingDiagnosis: row.diagnosis,
    beatawareId: row.beataware_id,
    beatawareStatus: row.beataware_status,
    beatawareReport: row.beataware_report as Auscultation['beatawareReport'],
  };
}
