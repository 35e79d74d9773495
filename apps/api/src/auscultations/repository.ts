import type { Insertable } from 'kysely';
import type { DbOrTx } from '../db/connect.js';
import type { AuscultationsTable } from '../db/schema.js';

/**
 * The auscultations table, for the routes: rows come with their exam's patient profile id (the
 * organization check and the audit need both). A factory taking a transaction (CONVENTIONS.md rule 8).
 */
export function createAuscultationRepository(db: DbOrTx) {
  const withPatientProfileId = () =>
    db
      .selectFrom('auscultations as a')
      .innerJoin('exams as e', 'e.id', 'a.exam_id')
      .selectAll('a')
      .select('e.patient_profile_id');

  return {
    /** One auscultation by id, whatever its organization; callers decide visibility. */
    find(id: string) {
      return withPatientProfileId().where('a.id', '=', id).executeTakeFirst();
    },

    /**
     * The same point's auscultations in the same patient's other exams made before this one, newest
     * first: what "Compare" offers (issue 40). Same patient, so same organization and visibility.
     */
    earlier(
      row: {
        id: string;
        exam_id: string;
        patient_profile_id: string;
        point_label: string;
        date_created: Date | string;
      },
      limit: number,
    ) {
      return withPatientProfileId()
        .where('e.patient_profile_id', '=', row.patient_profile_id)
        .where('a.point_label', '=', row.point_label)
        .where('a.exam_id', '<>', row.exam_id)
        .where('a.date_created', '<', new Date(row.date_created))
        .orderBy('a.date_created', 'desc')
        .limit(limit)
        .execute();
    },

    /** The auscultation whose automated report has this (unguessable) id. */
    findByReportId(beatawareId: string) {
      return withPatientProfileId().where('a.beataware_id', '=', beatawareId).executeTakeFirst();
    },

    /** The exam an upload goes to: its organization and patient, or undefined. */
    findExam(examId: string) {
      return db
        .selectFrom('exams')
        .select(['id', 'organization_id', 'patient_profile_id'])
        .where('id', '=', examId)
        .executeTakeFirst();
    },

    /** The auscultation an earlier upload of the same client recording made on this exam, if any. */
    findByClientKey(examId: string, clientRecordingId: string) {
      return db
        .selectFrom('auscultations')
        .selectAll()
        .where('exam_id', '=', examId)
        .where('client_recording_id', '=', clientRecordingId)
        .executeTakeFirst();
    },

    /**
     * Stores a new auscultation and queues its processing job. A second row for the same
     * (exam, clientRecordingId) throws a unique violation.
     */
    async insertWithJob(values: Insertable<AuscultationsTable> & { id: string }) {
      const row = await db.insertInto('auscultations').values(values).returningAll().executeTakeFirstOrThrow();
      await db.insertInto('recording_jobs').values({ auscultation_id: values.id }).execute();
      return row;
    },

    /** Deletes the row; its job row goes with it (ON DELETE CASCADE). */
    async delete(id: string) {
      await db.deleteFrom('auscultations').where('id', '=', id).execute();
    },
  };
}
