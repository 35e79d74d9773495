import { sql } from 'kysely';
import type { DbOrTx } from '../db/connect.js';
import type { Principal } from '../lib/principal.js';

/**
 * join/leave: a participant entering or leaving a live exam (for the live-exam feature); export: an
 * exam taken out as a FHIR bundle or a PDF report (issue 38, detail.format says which).
 */
type AuditAction = 'read' | 'list' | 'update' | 'share' | 'create' | 'delete' | 'join' | 'leave' | 'export';
type AuditEntry = {
  action: AuditAction;
  targetType:
    | 'patient-profile'
    | 'exam'
    | 'auscultation'
    | 'patient-profile-list'
    | 'exam-list'
    /** Self-exam requests (issue 7): created, access information emailed. */
    | 'self-exam-request'
    /** Virtual exams (issue 15): scheduled, read, listed in the calendar, access information emailed. */
    | 'virtual-exam'
    | 'virtual-exam-list'
    /** Account changes (issue 6): created from an invitation, names, terms, email, password. */
    | 'healthcare-provider'
    /** Virtual and live exams, and a patient's self exam (their features record these). */
    | 'virtual-exam'
    | 'live-exam'
    | 'self-exam'
    /** A patient's standing self-exam link (issue 18): sent or renewed, turned off, opened by the patient. */
    | 'self-exam-link';
  targetId?: string | null;
  patientProfileId?: string | null;
  /** For list reads: the patients shown. For changes: what changed (never the new text itself). */
  detail?: Record<string, unknown>;
};

type AuditRow = {
  actor_kind: 'healthcare-provider' | 'patient' | 'operator' | 'system';
  actor_ref: string | null;
  healthcare_provider_id: string | null;
  organization_id: string | null;
  action: AuditAction;
  target_type: AuditEntry['targetType'];
  target_id: string | null;
  patient_profile_id: string | null;
  detail: string | null;
};

/**
 * Group commit for audit rows written outside a transaction: concurrent requests' rows go to the
 * database in one multi-row INSERT, and each request's `record` resolves only once the INSERT that
 * holds its row has committed — so an answer is never sent before its audit entry is durable, but
 * fifty concurrent reads cost one round trip instead of fifty. A batch starts at once when nothing
 * is in flight; rows arriving meanwhile wait for the next one.
 */
const writers = new WeakMap<object, (row: AuditRow) => Promise<void>>();
const maxBatch = 500;

function groupWriter(db: DbOrTx) {
  let waiting: { rows: AuditRow[]; resolve: () => void; reject: (error: unknown) => void } | null = null;
  let waitingDone: Promise<void> | null = null;
  let inFlight: Promise<void> | null = null;

  const flush = async (rows: AuditRow[]) => {
    for (let i = 0; i < rows.length; i += maxBatch) {
      await db
        .insertInto('audit_log')
        .values(rows.slice(i, i + maxBatch))
        .execute();
    }
  };

  const startNext = () => {
    if (!waiting) {
      inFlight = null;
      return;
    }
    const batch = waiting;
    waiting = null;
    waitingDone = null;
    inFlight = flush(batch.rows).then(batch.resolve, batch.reject).finally(startNext);
  };

  return (row: AuditRow): Promise<void> => {
    if (!waiting) {
      let resolve!: () => void;
      let reject!: (error: unknown) => void;
      waitingDone = new Promise<void>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      waiting = { rows: [], resolve, reject };
    }
    waiting.rows.push(row);
    const done = waitingDone as Promise<void>;
    // Gather the rows of requests that are finishing in the same tick before the first INSERT.
    if (!inFlight) inFlight = Promise.resolve().then(startNext);
    return done;
  };
}

/**
 * Who acted: a signed-in provider (or the account itself when it is created from an invitation); a
 * patient through a token scoped to one virtual exam or self-exam request (`ref` is that exam or
 * request); the operator through the CLI; or the server itself.
 */
export type AuditActor =
  | Pick<Principal, 'healthcareProviderId' | 'organizationId'>
  | { kind: 'patient'; ref: string; organizationId: string }
  | { kind: 'operator' | 'system'; organizationId?: string | null };

function actorColumns(
  actor: AuditActor,
): Pick<AuditRow, 'actor_kind' | 'actor_ref' | 'healthcare_provider_id' | 'organization_id'> {
  if ('healthcareProviderId' in actor) {
    return {
      actor_kind: 'healthcare-provider',
      actor_ref: null,
      healthcare_provider_id: actor.healthcareProviderId,
      organization_id: actor.organizationId,
    };
  }
  return {
    actor_kind: actor.kind,
    actor_ref: actor.kind === 'patient' ? actor.ref : null,
    healthcare_provider_id: null,
    organization_id: actor.organizationId ?? null,
  };
}

/**
 * The audit log: who read or changed which patient data, when. Entries form a hash chain kept by
 * the database (migration 008, audit/chain.ts); a feature records with `record(actor, entry)` and
 * never writes audit_log itself.
 */
export function createAuditRepository(db: DbOrTx) {
  return {
    /**
     * Records one entry. Inside a transaction the row is part of it (a change and its audit entry
     * commit together); otherwise it goes through the group commit above.
     */
    async record(principal: AuditActor, entry: AuditEntry): Promise<void> {
      const row: AuditRow = {
        ...actorColumns(principal),
        action: entry.action,
        target_type: entry.targetType,
        target_id: entry.targetId ?? null,
        patient_profile_id: entry.patientProfileId ?? null,
        detail: entry.detail ? JSON.stringify(entry.detail) : null,
      };
      if (db.isTransaction) {
        await db.insertInto('audit_log').values(row).execute();
        return;
      }
      let write = writers.get(db);
      if (!write) {
        write = groupWriter(db);
        writers.set(db, write);
      }
      await write(row);
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
