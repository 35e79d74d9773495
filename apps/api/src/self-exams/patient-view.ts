import { paths } from '@auscura/contracts';
import type { SelfExamSession } from '@auscura/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../db/connect.js';
import type { Mailer } from '../mail/mailer.js';
import { createSelfExamPatientRepository } from './repository.js';
import { selfExamSessionTtlSeconds } from './session.js';
import type { SelfExamSessions } from './session.js';

/**
 * What the patient's pages and the clinician's mail are built from, shared by a clinician's
 * request (self-exams/routes.ts) and a standing link's uses (self-exam-links/).
 */
export type RequestRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createSelfExamPatientRepository>['find']>>>;

export const providerName = (row: {
  hp_display_name: string | null;
  hp_first_name: string | null;
  hp_last_name: string | null;
}) => row.hp_display_name ?? ([row.hp_first_name, row.hp_last_name].filter(Boolean).join(' ') || null);

/** The patient acts through a token scoped to one request (or one standing link): that is the audit's actor. */
export const patientActor = (row: { id: string; organization_id: string }) =>
  ({ kind: 'patient', ref: row.id, organizationId: row.organization_id }) as const;

/** A session for one request: a 2-hour token for it and what the patient is asked to (or chose to) record. */
export async function selfExamSessionBody(
  db: DbOrTx,
  sessions: SelfExamSessions,
  row: RequestRow,
): Promise<SelfExamSession> {
  const auscultationRequests = await createSelfExamPatientRepository(db).auscultationRequests(row.id);
  return {
    token: await sessions.issue(row.id),
    expiresIn: selfExamSessionTtlSeconds,
    selfExamRequestId: row.id,
    providerName: providerName(row),
    organizationName: row.organization_name,
    examDate: row.exam_date,
    instructions: row.instructions,
    auscultationRequests: auscultationRequests.map((ar) => ({
      id: ar.id,
      auscultationPoint: ar.point_label,
      auscultationId: ar.auscultation_id,
    })),
    finalized: row.finalized_at !== null,
    initiatedBy: row.self_exam_link_id ? 'patient' : 'provider',
  };
}

/**
 * The clinician hears of an arrived self exam by email (through the mail adapter): the exam's link
 * only, no patient data in the mail. A mail failure does not undo the patient's upload.
 */
export async function mailArrival(
  options: { mailer: Mailer; publicUrl: string; log: FastifyBaseLogger },
  arrival: { to: string; examId: string; patientInitiated: boolean; complete: boolean },
): Promise<void> {
  const what = arrival.patientInitiated
    ? arrival.complete
      ? 'A patient has sent a self exam with their standing self-exam link.'
      : 'A patient has sent part of a self exam with their standing self-exam link, then started a new one.'
    : 'A patient has sent every recording of a self exam you requested.';
  await options.mailer
    .send({
      to: arrival.to,
      subject: 'A self exam has arrived on Auscura',
      text: [
        'Hello,',
        '',
        what,
        '',
        `Open the exam: ${options.publicUrl}${paths.exam.getHref(arrival.examId)}`,
        '',
        '— Auscura',
      ].join('\n'),
    })
    .catch(() => options.log.warn('self-exam arrival mail failed'));
}
