import { sql } from 'kysely';
import type { DbOrTx } from '../db/connect.js';
import type { Principal } from '../identity/verify-token.js';

export type AuditAction = 'read' | 'list' | 'update' | 'share' | 'create' | 'delete';
export type AuditEntry = {
  action: AuditAction;
  targetType:
    | 'patient-profile'
    | 'exam'
    | 'auscultation'
    | 'patient-profile-list'
    | 'exam-list'
    /** Account changes (issue 6): created from an invitation, names, terms, email, password. */
    | 'healthcare-provider';
  targetId?: string | null;
  patientProfileId?: string | null;
  /** For list reads: the patients shown. For changes: what changed (never the new text itself). */
  detail?: Record<string, unknown>;
};

/** The audit log: who read or changed which patient data, when. */
/** Who acted: a signed-in provider, or the account itself when it is created from an invitation. */
export type AuditActor = Pick<Principal, 'healthcareProviderId' | 'organizationId'>;

export function createAuditRepository(db: DbOrTx) {
  return {
    async record(principal: AuditActor, entry: AuditEntry): Promise<void> {
      await db
        .insertInto('audit_log')
        .values({
          healthcare_provider_id: principal.healthcareProviderId,
          organization_id: principal.organizationId,
          action: entry.action,
          target_type: entry.targetType,
          target_id: entry.targetId ?? null,
          patient_profile_id: entry.patientProfileId ?? null,
          detail: entry.detail ? JSON.stringify(entry.detail) : null,
        })
        .execute();
    },

    /** A patient's trail: entries about the patient, their exams, and list reads that showed them. */
    async trailForPatient(patientProfileId: string) {
      return db
        .selectFrom('audit_log as a')
        .leftJoin('healthcare_providers as hp', 'hp.id', 'a.healthcare_provider_id')
        .select([
          'a.at',
          'a.action',
          'a.target_type as targetType',
          'a.target_id as targetId',
          'hp.email_address as provider',
          'a.organization_id as organizationId',
        ])
        .where((eb) =>
          eb.or([
            eb('a.patient_profile_id', '=', patientProfileId),
            eb(sql`a.detail`, '@>', sql`${JSON.stringify({ patientProfileIds: [patientProfileId] })}::jsonb`),
          ]),
        )
        .orderBy('a.at')
        .orderBy('a.id')
        .execute();
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
