import crypto from 'node:crypto';
import type { Selectable } from 'kysely';
import type { SelfExamRequest } from '@auscura/contracts';
import type { DbOrTx } from '../db/connect.js';
import type { SelfExamRequestsTable } from '../db/schema.js';

/**
 * Access codes: 10 characters from 32 that cannot be mistaken for one another when read aloud or
 * copied from an email (no 0/O, 1/I): 50 bits, drawn with the CSPRNG. 32 divides 256, so taking
 * each random byte modulo 32 has no bias.
 */
const accessCodeAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const accessCodeLength = 10;

export function newAccessCode(): string {
  const bytes = crypto.randomBytes(accessCodeLength);
  return Array.from(bytes, (byte) => accessCodeAlphabet[byte % accessCodeAlphabet.length]).join('');
}

/** A clinician's request: it has its own access code (a standing link's uses have none). */
type CodeRequestRow = Selectable<SelfExamRequestsTable> & { access_code: string };

function toSelfExamRequest(row: CodeRequestRow): SelfExamRequest {
  return {
    id: row.id,
    organizationId: row.organization_id,
    patientProfileId: row.patient_profile_id,
    healthcareProviderId: row.healthcare_provider_id,
    examDate: row.exam_date,
    instructions: row.instructions,
    auscultationPoints: row.auscultation_points,
    accessCode: row.access_code,
    link: row.link,
    dateCreated: new Date(row.date_created).toISOString(),
    finalizedAt: row.finalized_at === null ? null : new Date(row.finalized_at).toISOString(),
  };
}

type NewSelfExamRequest = {
  organizationId: string;
  patientProfileId: string;
  healthcareProviderId: string;
  examDate: string;
  instructions: string | null;
  auscultationPoints: string[];
};

export function createSelfExamRepository(db: DbOrTx) {
  return {
    /** Stores a request with a fresh access code; the link is built from the new id. */
    async create(request: NewSelfExamRequest, linkFor: (id: string) => string): Promise<SelfExamRequest> {
      const id = crypto.randomUUID();
      const row = await db
        .insertInto('self_exam_requests')
        .values({
          id,
          organization_id: request.organizationId,
          patient_profile_id: request.patientProfileId,
          healthcare_provider_id: request.healthcareProviderId,
          exam_date: request.examDate,
          instructions: request.instructions,
          auscultation_points: request.auscultationPoints,
          access_code: newAccessCode(),
          link: linkFor(id),
        })
        .returningAll()
        .$narrowType<{ access_code: string }>()
        .executeTakeFirstOrThrow();
      // One auscultation request per point: the patient uploads each point's recording to it.
      await db
        .insertInto('self_exam_auscultation_requests')
        .values(request.auscultationPoints.map((label) => ({ self_exam_request_id: id, point_label: label })))
        .execute();
      return toSelfExamRequest(row);
    },

    /**
     * One request of a clinician, only within the given organization. A standing link's uses are
     * not requests with a code of their own: they are answered like a missing one.
     */
    async findInOrganization(id: string, organizationId: string): Promise<SelfExamRequest | undefined> {
      const row = await db
        .selectFrom('self_exam_requests')
        .selectAll()
        .where('id', '=', id)
        .where('organization_id', '=', organizationId)
        .where('access_code', 'is not', null)
        .$narrowType<{ access_code: string }>()
        .executeTakeFirst();
      return row ? toSelfExamRequest(row) : undefined;
    },
  };
}
