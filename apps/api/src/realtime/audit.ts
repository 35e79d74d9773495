import type { Db } from '../db/connect.js';
import { createAuditRepository } from '../audit/repository.js';
import type { AuditActor } from '../audit/repository.js';
import type { LiveExamEvent } from './exam-states.js';

/** Exams whose organization and patient are remembered (they never change for an exam). */
const cacheLimit = 10_000;

/**
 * Live-exam events in the audit trail (issue 23: "live/self-exam events are audited"): a
 * participant entering (`join`) or leaving (`leave`) the exam's shared state, and the entry
 * request's changes (`update`, with the request's new status: a patient asking to enter, the
 * provider admitting or denying). The provider acts as itself; a patient as the exam it was let
 * into (`actor_ref`), never by the name it typed; a presence ended by another process's sweep
 * after a crash is the system's doing. Written on the durable handle, not the relaxed one.
 */
export function createLiveExamAudit(db: Db) {
  const audit = createAuditRepository(db);
  const exams = new Map<string, { organizationId: string; patientProfileId: string } | null>();

  async function examOf(virtualExamId: string) {
    if (exams.has(virtualExamId)) return exams.get(virtualExamId) ?? null;
    const row = await db
      .selectFrom('virtual_exams')
      .select(['organization_id', 'patient_profile_id'])
      .where('id', '=', virtualExamId)
      .executeTakeFirst();
    const found = row ? { organizationId: row.organization_id, patientProfileId: row.patient_profile_id } : null;
    if (exams.size >= cacheLimit) exams.delete(exams.keys().next().value as string);
    exams.set(virtualExamId, found);
    return found;
  }

  return async (event: LiveExamEvent): Promise<void> => {
    const exam = await examOf(event.virtualExamId);
    if (!exam) return;
    const { participant } = event;
    const actor: AuditActor = !participant
      ? { kind: 'system', organizationId: exam.organizationId }
      : participant.role === 'HealthcareProvider'
        ? { healthcareProviderId: participant.id, organizationId: exam.organizationId }
        : { kind: 'patient', ref: event.virtualExamId, organizationId: exam.organizationId };
    await audit.record(actor, {
      action: event.action,
      targetType: 'live-exam',
      targetId: event.virtualExamId,
      patientProfileId: exam.patientProfileId,
      ...(event.detail ? { detail: event.detail } : {}),
    });
  };
}
