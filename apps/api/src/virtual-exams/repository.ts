import crypto from 'node:crypto';
import type { ListQuery, VirtualExam } from '@auscura/contracts';
import { virtualExamSearchWhitelist } from '@auscura/contracts';
import type { DbOrTx } from '../db/connect.js';
import { filtersFor } from '../lib/list-query.js';
import type { FieldRule, ListWhitelist } from '../lib/list-query.js';
import { toPatientProfile } from '../patient-profiles/repository.js';

type DateOps = FieldRule['ops'];
/** The contract's whitelist with each field's type, as the list-query checker wants it. */
export const virtualExamListWhitelist: ListWhitelist = {
  filters: {
    healthcareProviderId: { ops: virtualExamSearchWhitelist.filters.healthcareProviderId, type: 'uuid' },
    patientProfileId: { ops: virtualExamSearchWhitelist.filters.patientProfileId, type: 'uuid' },
    scheduledStartDate: { ops: virtualExamSearchWhitelist.filters.scheduledStartDate as DateOps, type: 'date' },
    scheduledEndDate: { ops: virtualExamSearchWhitelist.filters.scheduledEndDate as DateOps, type: 'date' },
  },
  sorts: virtualExamSearchWhitelist.sorts,
  joinedLoads: virtualExamSearchWhitelist.joinedLoads,
  defaultSort: { field: 'scheduledStartDate', direction: 'asc' },
};

const sortColumns = {
  scheduledStartDate: 've.scheduled_start_date',
  scheduledEndDate: 've.scheduled_end_date',
  dateCreated: 've.date_created',
} as const;
const filterColumns = {
  patientProfileId: 've.patient_profile_id',
  scheduledStartDate: 've.scheduled_start_date',
  scheduledEndDate: 've.scheduled_end_date',
} as const;
const operators = { eq: '=', gte: '>=', gt: '>', lte: '<=', lt: '<' } as const;

export type VirtualExamRow = {
  id: string;
  organization_id: string;
  patient_profile_id: string;
  healthcare_provider_id: string;
  access_code: string;
  access_code_expires_at: Date;
  exam_id: string | null;
  av_room_id: string | null;
  link: string;
  scheduled_start_date: Date | null;
  scheduled_end_date: Date | null;
  time_zone: string;
  date_created: Date;
};

type JoinedRow = VirtualExamRow & {
  pp_first_name: string;
  pp_last_name: string;
  pp_email_address: string;
  pp_birthdate: string | null;
  pp_sex: 'male' | 'female' | 'unknown' | null;
  pp_date_created: Date;
  pp_organization_id: string;
  pp_healthcare_provider_id: string;
  hp_first_name: string | null;
  hp_last_name: string | null;
  hp_display_name: string | null;
  hp_email_address: string;
};

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** A virtual exam in the contract's shape; the patient profile and provider only when asked for. */
export function toVirtualExam(row: JoinedRow, loads: readonly string[]): VirtualExam {
  return {
    id: row.id,
    organizationId: row.organization_id,
    healthcareProviderId: row.healthcare_provider_id,
    patientProfileId: row.patient_profile_id,
    accessCode: row.access_code,
    accessCodeExpiresAt: iso(row.access_code_expires_at),
    examId: row.exam_id,
    avRoomId: row.av_room_id,
    link: row.link,
    scheduledStartDate: isoOrNull(row.scheduled_start_date),
    scheduledEndDate: isoOrNull(row.scheduled_end_date),
    timeZone: row.time_zone,
    dateCreated: iso(row.date_created),
    ...(loads.includes('patientProfile')
      ? {
          patientProfile: toPatientProfile(
            {
              id: row.patient_profile_id,
              organization_id: row.pp_organization_id,
              healthcare_provider_id: row.pp_healthcare_provider_id,
              first_name: row.pp_first_name,
              last_name: row.pp_last_name,
              email_address: row.pp_email_address,
              birthdate: row.pp_birthdate,
              sex: row.pp_sex,
              date_created: row.pp_date_created,
              hp_first_name: null,
              hp_last_name: null,
              hp_display_name: null,
              hp_email_address: '',
            },
            false,
          ),
        }
      : {}),
    ...(loads.includes('healthcareProvider')
      ? {
          healthcareProvider: {
            id: row.healthcare_provider_id,
            firstName: row.hp_first_name,
            lastName: row.hp_last_name,
            displayName: row.hp_display_name,
            emailAddress: row.hp_email_address,
          },
        }
      : {}),
  };
}

type NewVirtualExam = {
  organizationId: string;
  patientProfileId: string;
  healthcareProviderId: string;
  accessCode: string;
  accessCodeExpiresAt: Date;
  scheduledStartDate: Date | null;
  scheduledEndDate: Date | null;
  timeZone: string;
};

export function createVirtualExamRepository(db: DbOrTx) {
  const joined = () =>
    db
      .selectFrom('virtual_exams as ve')
      .innerJoin('patient_profiles as pp', 'pp.id', 've.patient_profile_id')
      .innerJoin('healthcare_providers as hp', 'hp.id', 've.healthcare_provider_id')
      .selectAll('ve')
      .select([
        'pp.first_name as pp_first_name',
        'pp.last_name as pp_last_name',
        'pp.email_address as pp_email_address',
        'pp.birthdate as pp_birthdate',
        'pp.sex as pp_sex',
        'pp.date_created as pp_date_created',
        'pp.organization_id as pp_organization_id',
        'pp.healthcare_provider_id as pp_healthcare_provider_id',
        'hp.first_name as hp_first_name',
        'hp.last_name as hp_last_name',
        'hp.display_name as hp_display_name',
        'hp.email_address as hp_email_address',
      ]);

  return {
    async insert(values: NewVirtualExam, linkFor: (id: string) => string): Promise<string> {
      const id = crypto.randomUUID();
      await db
        .insertInto('virtual_exams')
        .values({
          id,
          organization_id: values.organizationId,
          patient_profile_id: values.patientProfileId,
          healthcare_provider_id: values.healthcareProviderId,
          access_code: values.accessCode,
          access_code_expires_at: values.accessCodeExpiresAt,
          link: linkFor(id),
          scheduled_start_date: values.scheduledStartDate,
          scheduled_end_date: values.scheduledEndDate,
          time_zone: values.timeZone,
        })
        .execute();
      return id;
    },

    /** One virtual exam of an organization, with patient and provider columns joined. */
    async findInOrganization(id: string, organizationId: string): Promise<JoinedRow | undefined> {
      return (await joined()
        .where('ve.id', '=', id)
        .where('ve.organization_id', '=', organizationId)
        .executeTakeFirst()) as JoinedRow | undefined;
    },

    /** The bare row, whatever the organization (patient-side calls decide with the code or token). */
    async findRow(id: string): Promise<VirtualExamRow | undefined> {
      return (await db.selectFrom('virtual_exams').selectAll().where('id', '=', id).executeTakeFirst()) as
        VirtualExamRow | undefined;
    },

    async findByAccessCode(code: string): Promise<VirtualExamRow | undefined> {
      return (await db.selectFrom('virtual_exams').selectAll().where('access_code', '=', code).executeTakeFirst()) as
        VirtualExamRow | undefined;
    },

    /** Links the exam once: false when the virtual exam already has one. */
    async linkExam(id: string, examId: string): Promise<boolean> {
      const result = await db
        .updateTable('virtual_exams')
        .set({ exam_id: examId })
        .where('id', '=', id)
        .where('exam_id', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The calendar: one provider's virtual exams, filtered and sorted as the checked query says. */
    async search(healthcareProviderId: string, query: ListQuery): Promise<{ items: JoinedRow[]; totalCount: number }> {
      let base = db.selectFrom('virtual_exams as ve').where('ve.healthcare_provider_id', '=', healthcareProviderId);
      for (const [field, column] of Object.entries(filterColumns)) {
        for (const filter of filtersFor(query, field)) {
          const op = operators[filter.op as keyof typeof operators];
          const value = field === 'patientProfileId' ? String(filter.value) : new Date(String(filter.value));
          base = base.where(column, op, value);
        }
      }
      const ids = base.select('ve.id');
      const { pageNumber, pageSize } = query.pagination;
      let page = joined().where('ve.id', 'in', ids);
      for (const sort of query.sort) {
        page = page.orderBy(sortColumns[sort.field as keyof typeof sortColumns], sort.direction);
      }
      const [rows, count] = await Promise.all([
        page
          .orderBy('ve.id')
          .limit(pageSize)
          .offset((pageNumber - 1) * pageSize)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows as JoinedRow[], totalCount: Number(count.count) };
    },
  };
}
