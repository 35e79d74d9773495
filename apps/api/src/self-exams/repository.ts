import { selfExamOpenDaysAfterExamDate } from '@auscura/contracts';
import type { DbOrTx } from '../db/connect.js';

/** Whether the request still takes recordings: until the end of the exam date plus the open days. */
export function isExpired(examDate: string, now = Date.now()): boolean {
  const closes = new Date(`${examDate}T23:59:59.999Z`).getTime() + selfExamOpenDaysAfterExamDate * 86_400_000;
  return now > closes;
}

/**
 * Whether a request still takes recordings through its standing link: a use of a link the clinician
 * turned off, or that ran out, takes none (a clinician's own request has no link and is not limited).
 */
export function linkClosed(
  row: { self_exam_link_id: string | null; link_revoked_at: Date | null; link_expires_at: Date | null },
  now = Date.now(),
): boolean {
  if (!row.self_exam_link_id) return false;
  return row.link_revoked_at !== null || (row.link_expires_at !== null && row.link_expires_at.getTime() <= now);
}

/** The patient side of self-exam requests (the provider side is in patient-profiles/). */
export function createSelfExamPatientRepository(db: DbOrTx) {
  return {
    /** The request with what the patient's pages and mails need, whatever its organization. */
    find(id: string) {
      return db
        .selectFrom('self_exam_requests as s')
        .innerJoin('organizations as o', 'o.id', 's.organization_id')
        .innerJoin('healthcare_providers as hp', 'hp.id', 's.healthcare_provider_id')
        .innerJoin('patient_profiles as p', 'p.id', 's.patient_profile_id')
        .leftJoin('self_exam_links as l', 'l.id', 's.self_exam_link_id')
        .select([
          's.id',
          's.organization_id',
          's.patient_profile_id',
          's.healthcare_provider_id',
          's.exam_date',
          's.instructions',
          's.access_code',
          's.link',
          's.exam_id',
          's.finalized_at',
          's.self_exam_link_id',
          'l.revoked_at as link_revoked_at',
          'l.expires_at as link_expires_at',
          'o.name as organization_name',
          'hp.display_name as hp_display_name',
          'hp.first_name as hp_first_name',
          'hp.last_name as hp_last_name',
          'hp.email_address as hp_email_address',
          'p.email_address as patient_email_address',
        ])
        .where('s.id', '=', id)
        .executeTakeFirst();
    },

    auscultationRequests(selfExamRequestId: string) {
      return db
        .selectFrom('self_exam_auscultation_requests')
        .selectAll()
        .where('self_exam_request_id', '=', selfExamRequestId)
        .orderBy('point_label')
        .execute();
    },

    findAuscultationRequest(selfExamRequestId: string, id: string) {
      return db
        .selectFrom('self_exam_auscultation_requests')
        .selectAll()
        .where('self_exam_request_id', '=', selfExamRequestId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async setAccessCode(id: string, accessCode: string) {
      await db.updateTable('self_exam_requests').set({ access_code: accessCode }).where('id', '=', id).execute();
    },

    /** Links the exam unless another upload linked one first; answers whether this one did. */
    async linkExam(id: string, examId: string): Promise<boolean> {
      const result = await db
        .updateTable('self_exam_requests')
        .set({ exam_id: examId })
        .where('id', '=', id)
        .where('exam_id', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Records the point's auscultation; false when the point already has one. */
    async fulfil(auscultationRequestId: string, auscultationId: string): Promise<boolean> {
      const result = await db
        .updateTable('self_exam_auscultation_requests')
        .set({ auscultation_id: auscultationId })
        .where('id', '=', auscultationRequestId)
        .where('auscultation_id', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Marks the request complete when every point has its recording; answers whether it is. */
    async finalizeIfComplete(id: string): Promise<boolean> {
      const open = await db
        .selectFrom('self_exam_auscultation_requests')
        .select(db.fn.countAll<string>().as('n'))
        .where('self_exam_request_id', '=', id)
        .where('auscultation_id', 'is', null)
        .executeTakeFirstOrThrow();
      if (Number(open.n) > 0) return false;
      await db
        .updateTable('self_exam_requests')
        .set({ finalized_at: new Date() })
        .where('id', '=', id)
        .where('finalized_at', 'is', null)
        .execute();
      return true;
    },
  };
}
