import type { Auscultation } from '@auscura/contracts';
import type { Selectable } from 'kysely';
import type { AuscultationsTable } from '../db/schema.js';

const pointDescriptions: Record<string, string> = {
  h1: 'Aortic area: right second intercostal space',
  h2: 'Pulmonic area: left second intercostal space',
  h3: "Erb's point: left third intercostal space",
  h4: 'Tricuspid area: left fourth intercostal space',
  h5: 'Mitral area: cardiac apex, left fifth intercostal space',
  l1: 'Right upper lobe, anterior',
  l2: 'Left upper lobe, anterior',
  l3: 'Right middle lobe, anterior',
  l4: 'Right lower lobe, posterior',
  l5: 'Left lower lobe, posterior',
};

export function describePoint(label: string): string | undefined {
  return pointDescriptions[label];
}

export function toAuscultation(row: Selectable<AuscultationsTable>): Auscultation {
  const n = row.point_label.slice(1);
  return {
    id: row.id,
    dateCreated: new Date(row.date_created).toISOString(),
    examId: row.exam_id,
    deviceLabel: row.device_label,
    auscultationPoint: {
      type: row.point_type,
      label: row.point_label,
      description: row.point_description ?? undefined,
      longLabel: row.point_type === 'heart' ? `Heart ${n}` : row.point_type === 'lungs' ? `Lung ${n}` : 'Other',
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
