import { sql } from 'kysely';
import type { Expression, ExpressionBuilder, Selectable, SqlBool } from 'kysely';
import type { Auscultation, Exam, ListQuery } from '@auscura/contracts';
import type { DbOrTx } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import type { ListWhitelist } from '../lib/list-query.js';
import { createQueryTemplates } from '../db/query-template.js';
import type { SlotFor } from '../db/query-template.js';
import { toAuscultation } from '../auscultations/mapper.js';
import { isoTimestamp, timestampText } from '../db/timestamp-text.js';

export const examListWhitelist: ListWhitelist = {
  filters: {
    patientProfileId: { ops: ['eq'], type: 'uuid' },
    healthcareProviderId: { ops: ['eq'], type: 'uuid' },
    reviewed: { ops: ['eq'], type: 'boolean' },
    type: { ops: ['eq', 'in'], type: 'string' },
    dateCreated: { ops: ['gte', 'lte', 'gt', 'lt'], type: 'date' },
  },
  sorts: ['dateCreated'],
  joinedLoads: ['healthcareProvider', 'patient', 'patientProfile'],
  defaultSort: { field: 'dateCreated', direction: 'desc' },
};

/** Which exams a list spans: one organization, or every organization (council). */
export type ExamScope = { organizationId: string } | { allOrganizations: true };

const filterColumns = {
  patientProfileId: 'e.patient_profile_id',
  healthcareProviderId: 'e.healthcare_provider_id',
  reviewed: 'e.reviewed',
  type: 'e.type',
  dateCreated: 'e.date_created',
} as const;
const operators = { eq: '=', neq: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=', in: 'in' } as const;

type ExamRow = {
  id: string;
  organization_id: string;
  patient_profile_id: string;
  healthcare_provider_id: string;
  type: Exam['type'];
  notes: string | null;
  enhanced_notes: string[];
  reviewed: boolean;
  /** timestamptz text (db/timestamp-text.ts), as are the other dates of the row. */
  date_created: string;
  pp_first_name: string;
  pp_last_name: string;
  pp_email_address: string;
  pp_birthdate: string | null;
  pp_sex: 'male' | 'female' | 'unknown' | null;
  pp_date_created: string;
  pp_healthcare_provider_id: string;
  php_first_name: string | null;
  php_last_name: string | null;
  php_display_name: string | null;
  php_email_address: string;
  hp_first_name: string | null;
  hp_last_name: string | null;
  hp_display_name: string | null;
  hp_email_address: string;
};

/**
 * Turns a row into the answer for a caller of `viewerOrganizationId`. The patient is left out
 * (masked) unless the exam belongs to the caller's organization: the server decides what a
 * caller sees, never the client (clinician-portal §6).
 */
export function toExam(
  row: ExamRow,
  viewerOrganizationId: string,
  loads: readonly string[],
  auscultations?: Auscultation[],
): Exam {
  const own = row.organization_id === viewerOrganizationId;
  const exam: Exam = {
    id: row.id,
    type: row.type,
    patientId: own ? row.patient_profile_id : null,
    patientProfileId: own ? row.patient_profile_id : null,
    patientMasked: !own,
    healthcareProviderId: row.healthcare_provider_id,
    organizationId: row.organization_id,
    dateCreated: isoTimestamp(row.date_created),
    notes: row.notes,
    enhancedNotes: row.enhanced_notes as Exam['enhancedNotes'],
    reviewed: row.reviewed,
  };
  if (own && (loads.includes('patientProfile') || loads.includes('patient'))) {
    exam.patientProfile = {
      id: row.patient_profile_id,
      firstName: row.pp_first_name,
      lastName: row.pp_last_name,
      fullName: `${row.pp_first_name} ${row.pp_last_name}`,
      emailAddress: row.pp_email_address,
      birthdate: row.pp_birthdate,
      sex: row.pp_sex,
      dateCreated: isoTimestamp(row.pp_date_created),
      healthcareProviderId: row.pp_healthcare_provider_id,
      organizationId: row.organization_id,
      masked: false,
      healthcareProvider: {
        id: row.pp_healthcare_provider_id,
        firstName: row.php_first_name,
        lastName: row.php_last_name,
        displayName: row.php_display_name,
        emailAddress: row.php_email_address,
      },
    };
  }
  if (loads.includes('healthcareProvider')) {
    exam.healthcareProvider = {
      id: row.healthcare_provider_id,
      firstName: row.hp_first_name,
      lastName: row.hp_last_name,
      displayName: row.hp_display_name,
      emailAddress: row.hp_email_address,
    };
  }
  if (auscultations) exam.auscultations = auscultations;
  return exam;
}

/** The list, detail and auscultation queries are built once per shape (db/query-template.ts). */
const templates = createQueryTemplates();

/**
 * A list query with slots in place of its values, the values, and the shape that names its SQL:
 * the scope's kind, the sort direction, and each filter's field and operator (with an `in` list's
 * length). `reviewed` keeps its value in the shape instead of a slot: it decides where the count
 * comes from (countQuery).
 */
function listShape(scope: ExamScope, query: ListQuery) {
  const direction = query.sort[0]?.direction ?? 'desc';
  const values: Record<string, unknown> = {};
  if ('organizationId' in scope) values.organizationId = scope.organizationId;
  const parts = ['organizationId' in scope ? 'organization' : 'all', direction];
  // Each filter's value as the built query sees it, named once here for both the values and the slots.
  const filterValues = query.filters.map((filter, i): ((slot: SlotFor) => unknown) => {
    if (filter.field === 'reviewed') {
      parts.push(`${filter.field} ${filter.op} ${String(filter.value)}`);
      return () => filter.value;
    }
    if (Array.isArray(filter.value)) {
      const names = filter.value.map((item, j) => {
        values[`f${i}.${j}`] = item;
        return `f${i}.${j}`;
      });
      parts.push(`${filter.field} ${filter.op} [${names.length}]`);
      return (slot) => names.map((name) => slot(name));
    }
    values[`f${i}`] = filter.value;
    parts.push(`${filter.field} ${filter.op}`);
    return (slot) => slot(`f${i}`);
  });
  const slotted = (slot: SlotFor): { scope: ExamScope; query: ListQuery } => ({
    scope: 'organizationId' in scope ? { organizationId: slot('organizationId') } : scope,
    query: {
      ...query,
      filters: query.filters.map((filter, i) => ({ ...filter, value: filterValues[i]!(slot) as typeof filter.value })),
    },
  });
  return { shape: parts.join('|'), values, direction, slotted };
}

export function createExamRepository(db: DbOrTx) {
  const base = () =>
    db
      .selectFrom('exams as e')
      .innerJoin('patient_profiles as pp', 'pp.id', 'e.patient_profile_id')
      .innerJoin('healthcare_providers as hp', 'hp.id', 'e.healthcare_provider_id')
      .innerJoin('healthcare_providers as php', 'php.id', 'pp.healthcare_provider_id')
      .select([
        'e.id',
        'e.organization_id',
        'e.patient_profile_id',
        'e.healthcare_provider_id',
        'e.type',
        'e.notes',
        'e.enhanced_notes',
        'e.reviewed',
        timestampText('e.date_created').as('date_created'),
        'pp.first_name as pp_first_name',
        'pp.last_name as pp_last_name',
        'pp.email_address as pp_email_address',
        'pp.birthdate as pp_birthdate',
        'pp.sex as pp_sex',
        timestampText('pp.date_created').as('pp_date_created'),
        'pp.healthcare_provider_id as pp_healthcare_provider_id',
        'php.first_name as php_first_name',
        'php.last_name as php_last_name',
        'php.display_name as php_display_name',
        'php.email_address as php_email_address',
        'hp.first_name as hp_first_name',
        'hp.last_name as hp_last_name',
        'hp.display_name as hp_display_name',
        'hp.email_address as hp_email_address',
      ]);

  /** The WHERE of a list: the scope's organization and the whitelisted filters, on alias `e`. */
  function scopeFilter(scope: ExamScope, query: ListQuery) {
    return (eb: ExpressionBuilder<Database & { e: Database['exams'] }, 'e'>) => {
      const conditions: Expression<SqlBool>[] = [];
      if ('organizationId' in scope) conditions.push(eb('e.organization_id', '=', scope.organizationId));
      for (const filter of query.filters) {
        const column = filterColumns[filter.field as keyof typeof filterColumns];
        const op = operators[filter.op as keyof typeof operators];
        if (!column || !op) continue;
        conditions.push(eb(column, op, filter.value as never));
      }
      return eb.and(conditions);
    };
  }

  function scoped(scope: ExamScope, query: ListQuery) {
    return db.selectFrom('exams as e').where(scopeFilter(scope, query));
  }

  async function auscultationsFor(examIds: string[]): Promise<Map<string, Auscultation[]>> {
    const map = new Map<string, Auscultation[]>();
    if (examIds.length === 0) return map;
    const values = Object.fromEntries(examIds.map((id, i) => [`id${i}`, id]));
    const rows = await templates.execute<Selectable<Database['auscultations']>>(
      db,
      `auscultations of ${examIds.length} exams`,
      (slot) =>
        db
          .selectFrom('auscultations')
          .selectAll()
          .where(
            'exam_id',
            'in',
            examIds.map((_, i) => slot(`id${i}`)),
          )
          .orderBy('date_created'),
      values,
    );
    for (const row of rows) {
      const list = map.get(row.exam_id) ?? [];
      list.push(toAuscultation(row));
      map.set(row.exam_id, list);
    }
    return map;
  }

  /**
   * The number of exams in a scope, as a one-row query (column `count`). Unfiltered or by
   * provider (or unreviewed by provider) it comes from the trigger-kept counters; any other
   * filter counts rows through the indexes.
   */
  function countQuery(scope: ExamScope, query: ListQuery) {
    const providerFilter = query.filters.find((f) => f.field === 'healthcareProviderId' && f.op === 'eq');
    const reviewedFilter = query.filters.find((f) => f.field === 'reviewed' && f.op === 'eq');
    const others = query.filters.filter((f) => f !== providerFilter && f !== reviewedFilter);
    if (others.length === 0 && (!reviewedFilter || reviewedFilter.value === false)) {
      let counters = db.selectFrom('exam_counters');
      if ('organizationId' in scope) counters = counters.where('organization_id', '=', scope.organizationId);
      if (providerFilter) counters = counters.where('healthcare_provider_id', '=', providerFilter.value as string);
      const column = reviewedFilter ? 'unreviewed' : 'total';
      return counters.select((eb) => eb.fn.coalesce(eb.fn.sum<number>(column), eb.lit(0)).as('count'));
    }
    return scoped(scope, query).select((eb) => eb.fn.countAll<number>().as('count'));
  }

  async function count(scope: ExamScope, query: ListQuery): Promise<number> {
    return Number((await countQuery(scope, query).executeTakeFirstOrThrow()).count);
  }

  /** An exam from a row already loaded (by findRow), with the auscultations if asked for. */
  async function present(row: ExamRow, viewerOrganizationId: string, loads: readonly string[]): Promise<Exam> {
    const auscultations = loads.includes('auscultations')
      ? ((await auscultationsFor([row.id])).get(row.id) ?? [])
      : undefined;
    return toExam(row, viewerOrganizationId, loads, auscultations);
  }

  /** The raw row of one exam, whatever its organization; callers decide visibility. */
  async function findRow(id: string): Promise<ExamRow | undefined> {
    const rows = await templates.execute<ExamRow>(db, 'exam by id', (slot) => base().where('e.id', '=', slot('id')), {
      id,
    });
    return rows[0];
  }

  return {
    findRow,

    async find(id: string, viewerOrganizationId: string, loads: readonly string[]): Promise<Exam | undefined> {
      const row = await findRow(id);
      if (!row) return undefined;
      return present(row, viewerOrganizationId, loads);
    },

    present,

    /**
     * A page of exams in a scope, with the scope's count as a scalar subquery of the same
     * statement: one round trip to the database (under load each round trip costs more than the
     * joins; benchmarks/history/2026-11-results-journal.md, "Exam lists and exam detail under
     * load"). The page's rows come from an index scan on the scope's
     * date_created index feeding the joins, stopped by LIMIT. Only a page past the end, which has
     * no row to carry the count, asks for the count again.
     */
    async search(scope: ExamScope, query: ListQuery, viewerOrganizationId: string) {
      const { pageNumber, pageSize } = query.pagination;
      const { shape, values, direction, slotted } = listShape(scope, query);
      const rows = await templates.execute<ExamRow & { total_count: number | string | null }>(
        db,
        `exam page ${shape}`,
        (slot) => {
          const shaped = slotted(slot);
          return base()
            .select(countQuery(shaped.scope, shaped.query).as('total_count'))
            .where(scopeFilter(shaped.scope, shaped.query))
            .orderBy('e.date_created', direction)
            .orderBy('e.id', direction)
            .limit(slot<number>('limit'))
            .offset(slot<number>('offset'));
        },
        { ...values, limit: pageSize, offset: (pageNumber - 1) * pageSize },
      );
      const totalCount = rows[0] ? Number(rows[0].total_count) : await count(scope, query);
      return {
        items: rows.map((row) => toExam(row, viewerOrganizationId, query.joinedLoads)),
        totalCount,
      };
    },

    /**
     * Position of an exam in its list (newest first) and its neighbours: prevId is the one
     * listed before it (newer), nextId the one after (older).
     */
    async adjacent(examId: string, scope: { organizationId: string; healthcareProviderId?: string }) {
      const exam = await db
        .selectFrom('exams')
        .select(['id', 'date_created'])
        .where('id', '=', examId)
        .executeTakeFirst();
      if (!exam) return undefined;
      const inScope = () => {
        let q = db.selectFrom('exams as e').where('e.organization_id', '=', scope.organizationId);
        if (scope.healthcareProviderId) q = q.where('e.healthcare_provider_id', '=', scope.healthcareProviderId);
        return q;
      };
      const key = sql`(e.date_created, e.id)`;
      const current = sql`(${exam.date_created}::timestamptz, ${exam.id}::uuid)`;
      const providerOnly = {
        filters: scope.healthcareProviderId
          ? [{ field: 'healthcareProviderId', op: 'eq' as const, value: scope.healthcareProviderId }]
          : [],
        sort: [],
        pagination: { pageNumber: 1, pageSize: 10 },
        joinedLoads: [],
      };
      const [total, before, newer, older] = await Promise.all([
        count({ organizationId: scope.organizationId }, providerOnly),
        inScope()
          .where(sql<boolean>`${key} > ${current}`)
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow(),
        inScope()
          .where(sql<boolean>`${key} > ${current}`)
          .select('e.id')
          .orderBy('e.date_created', 'asc')
          .orderBy('e.id', 'asc')
          .limit(1)
          .executeTakeFirst(),
        inScope()
          .where(sql<boolean>`${key} < ${current}`)
          .select('e.id')
          .orderBy('e.date_created', 'desc')
          .orderBy('e.id', 'desc')
          .limit(1)
          .executeTakeFirst(),
      ]);
      return {
        prevId: newer?.id ?? null,
        nextId: older?.id ?? null,
        totalExams: total,
        examSequenceNumber: Number(before.count) + 1,
      };
    },

    /** Inserts an exam; the caller has checked the provider and the patient's organization. */
    async create(values: {
      organization_id: string;
      patient_profile_id: string;
      healthcare_provider_id: string;
      type: ExamRow['type'];
    }): Promise<string> {
      const row = await db.insertInto('exams').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: string, values: { reviewed?: boolean; notes?: string; enhanced_notes?: string[] }) {
      await db.updateTable('exams').set(values).where('id', '=', id).execute();
    },
  };
}
