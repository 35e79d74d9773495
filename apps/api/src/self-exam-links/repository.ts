import crypto from 'node:crypto';
import { normalizeAccessCode } from '@auscura/contracts';
import type { SelfExamLink, SelfExamLinkStatus } from '@auscura/contracts';
import { sql } from 'kysely';
import type { DbOrTx } from '../db/connect.js';

/** SHA-256 of the code as the patient would type it (case, dashes and spaces do not matter). */
function hashAccessCode(code: string): string {
  return crypto.createHash('sha256').update(normalizeAccessCode(code)).digest('hex');
}

/** Whether the given code is the link's, compared in constant time. */
export function codeMatches(code: string, accessCodeHash: string): boolean {
  const given = Buffer.from(hashAccessCode(code), 'hex');
  const stored = Buffer.from(accessCodeHash, 'hex');
  return given.length === stored.length && crypto.timingSafeEqual(given, stored);
}

export function linkStatus(row: { revoked_at: Date | null; expires_at: Date }, now = Date.now()): SelfExamLinkStatus {
  if (row.revoked_at) return 'revoked';
  return row.expires_at.getTime() <= now ? 'expired' : 'active';
}

type LinkRow = {
  id: string;
  patient_profile_id: string;
  healthcare_provider_id: string;
  link: string;
  instructions: string | null;
  date_sent: Date;
  expires_at: Date;
  revoked_at: Date | null;
  uses: string | number;
  last_used_at: Date | string | null;
};

function toSelfExamLink(row: LinkRow): SelfExamLink {
  return {
    id: row.id,
    patientProfileId: row.patient_profile_id,
    healthcareProviderId: row.healthcare_provider_id,
    link: row.link,
    instructions: row.instructions,
    status: linkStatus(row),
    dateSent: new Date(row.date_sent).toISOString(),
    expiresAt: new Date(row.expires_at).toISOString(),
    revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at).toISOString(),
    uses: Number(row.uses),
    lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at).toISOString(),
  };
}

type NewSelfExamLink = {
  organizationId: string;
  patientProfileId: string;
  healthcareProviderId: string;
  instructions: string | null;
  accessCode: string;
  expiresAt: Date;
};

/** Standing self-exam links: the clinician's side (one per patient) and what the patient's calls read. */
export function createSelfExamLinkRepository(db: DbOrTx) {
  const withUses = () =>
    db.selectFrom('self_exam_links as l').select([
      'l.id',
      'l.patient_profile_id',
      'l.healthcare_provider_id',
      'l.link',
      'l.instructions',
      'l.date_sent',
      'l.expires_at',
      'l.revoked_at',
      // A use counts once a recording of it arrived (its exam exists).
      sql<string>`(SELECT count(*) FROM self_exam_requests s
                     WHERE s.self_exam_link_id = l.id AND s.exam_id IS NOT NULL)`.as('uses'),
      sql<Date | null>`(SELECT max(s.date_created) FROM self_exam_requests s
                          WHERE s.self_exam_link_id = l.id AND s.exam_id IS NOT NULL)`.as('last_used_at'),
    ]);

  return {
    /** The patient's link, only within the given organization. */
    async findByPatient(patientProfileId: string, organizationId: string): Promise<SelfExamLink | undefined> {
      const row = await withUses()
        .where('l.patient_profile_id', '=', patientProfileId)
        .where('l.organization_id', '=', organizationId)
        .executeTakeFirst();
      return row ? toSelfExamLink(row) : undefined;
    },

    /**
     * Sends the link: a new one, or the patient's existing one renewed — a new code (the old stops
     * working), a new expiry, on again if it was off, and the sender becomes its clinician. The
     * link itself (its id) stays, so the address in the patient's earlier mail still leads there.
     */
    async send(link: NewSelfExamLink, linkFor: (id: string) => string): Promise<SelfExamLink> {
      const id = crypto.randomUUID();
      const row = await db
        .insertInto('self_exam_links')
        .values({
          id,
          organization_id: link.organizationId,
          patient_profile_id: link.patientProfileId,
          healthcare_provider_id: link.healthcareProviderId,
          instructions: link.instructions,
          access_code_hash: hashAccessCode(link.accessCode),
          link: linkFor(id),
          expires_at: link.expiresAt,
        })
        .onConflict((oc) =>
          oc.column('patient_profile_id').doUpdateSet((eb) => ({
            healthcare_provider_id: eb.ref('excluded.healthcare_provider_id'),
            instructions: eb.ref('excluded.instructions'),
            access_code_hash: eb.ref('excluded.access_code_hash'),
            expires_at: eb.ref('excluded.expires_at'),
            date_sent: sql<Date>`now()`,
            revoked_at: null,
          })),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      const stored = await withUses().where('l.id', '=', row.id).executeTakeFirstOrThrow();
      return toSelfExamLink(stored);
    },

    /** Turns the patient's link off; false when there is none in the organization. */
    async revoke(patientProfileId: string, organizationId: string): Promise<string | undefined> {
      const row = await db
        .updateTable('self_exam_links')
        .set({ revoked_at: sql<Date>`coalesce(revoked_at, now())` })
        .where('patient_profile_id', '=', patientProfileId)
        .where('organization_id', '=', organizationId)
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },

    /** The link with what the patient's pages show, whatever its organization (the code decides). */
    findForPatientSide(id: string) {
      return db
        .selectFrom('self_exam_links as l')
        .innerJoin('organizations as o', 'o.id', 'l.organization_id')
        .innerJoin('healthcare_providers as hp', 'hp.id', 'l.healthcare_provider_id')
        .select([
          'l.id',
          'l.organization_id',
          'l.patient_profile_id',
          'l.healthcare_provider_id',
          'l.instructions',
          'l.access_code_hash',
          'l.link',
          'l.date_sent',
          'l.expires_at',
          'l.revoked_at',
          'o.name as organization_name',
          'hp.display_name as hp_display_name',
          'hp.first_name as hp_first_name',
          'hp.last_name as hp_last_name',
          'hp.email_address as hp_email_address',
        ])
        .where('l.id', '=', id)
        .executeTakeFirst();
    },

    /** The link's newest use not yet sent in full, if any. */
    unfinishedUse(linkId: string) {
      return db
        .selectFrom('self_exam_requests')
        .select(['id', 'exam_date'])
        .where('self_exam_link_id', '=', linkId)
        .where('finalized_at', 'is', null)
        .orderBy('date_created', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /**
     * Closes the link's uses not sent in full (the patient starts a new one instead): no more
     * recordings go to them. Answers those with an exam (something was sent), to tell the clinician.
     */
    async closeOpenUses(linkId: string): Promise<{ id: string; exam_id: string }[]> {
      const rows = await db
        .updateTable('self_exam_requests')
        .set({ finalized_at: new Date() })
        .where('self_exam_link_id', '=', linkId)
        .where('finalized_at', 'is', null)
        .returning(['id', 'exam_id'])
        .execute();
      return rows.filter((row): row is { id: string; exam_id: string } => row.exam_id !== null);
    },

    /**
     * A new use: a self-exam request of the points the patient chose, for today, with the link's
     * clinician and note and no code of its own; one auscultation request per point.
     */
    async createUse(
      link: {
        id: string;
        organization_id: string;
        patient_profile_id: string;
        healthcare_provider_id: string;
        instructions: string | null;
        link: string;
      },
      points: string[],
    ): Promise<string> {
      const id = crypto.randomUUID();
      await db
        .insertInto('self_exam_requests')
        .values({
          id,
          organization_id: link.organization_id,
          patient_profile_id: link.patient_profile_id,
          healthcare_provider_id: link.healthcare_provider_id,
          exam_date: new Date().toISOString().slice(0, 10),
          instructions: link.instructions,
          auscultation_points: points,
          access_code: null,
          link: link.link,
          self_exam_link_id: link.id,
        })
        .execute();
      await db
        .insertInto('self_exam_auscultation_requests')
        .values(points.map((label) => ({ self_exam_request_id: id, point_label: label })))
        .execute();
      return id;
    },

    /** How many uses the link started since the given time. */
    async usesSince(linkId: string, since: Date): Promise<number> {
      const row = await db
        .selectFrom('self_exam_requests')
        .select(db.fn.countAll<string>().as('n'))
        .where('self_exam_link_id', '=', linkId)
        .where('date_created', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
