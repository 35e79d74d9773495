import { sql } from 'kysely';
import type { ListQuery, PatientProfile } from '@auscura/contracts';
import type { DbOrTx } from '../db/connect.js';
import { filtersFor, likePattern } from '../lib/list-query.js';
import type { ListWhitelist } from '../lib/list-query.js';

export const patientProfileListWhitelist: ListWhitelist = {
  filters: {
    organizationId: { ops: ['eq'], type: 'uuid' },
    healthcareProviderId: { ops: ['eq'], type: 'uuid' },
    search: { ops: ['like'], type: 'string' },
  },
  sorts: ['dateCreated', 'lastName', 'firstName', 'birthdate', 'emailAddress'],
  joinedLoads: ['healthcareProvider'],
  defaultSort: { field: 'dateCreated', direction: 'desc' },
};

const sortColumns = {
  dateCreated: 'pp.date_created',
  lastName: 'pp.last_name',
  firstName: 'pp.first_name',
  birthdate: 'pp.birthdate',
  emailAddress: 'pp.email_address',
} as const;

type Row = {
  id: string;
  organization_id: string;
  healthcare_provider_id: string;
  first_name: string;
  last_name: string;
  email_address: string;
  birthdate: string | null;
  sex: 'male' | 'female' | 'unknown' | null;
  date_created: Date;
  hp_first_name: string | null;
  hp_last_name: string | null;
  hp_display_name: string | null;
  hp_email_address: string;
};

export function toPatientProfile(row: Row, withProvider: boolean): PatientProfile {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    fullName: `${row.first_name} ${row.last_name}`,
    dateCreated: new Date(row.date_created).toISOString(),
    emailAddress: row.email_address,
    birthdate: row.birthdate,
    sex: row.sex,
    healthcareProviderId: row.healthcare_provider_id,
    organizationId: row.organization_id,
    masked: false,
    ...(withProvider
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

export function createPatientProfileRepository(db: DbOrTx) {
  const base = () =>
    db
      .selectFrom('patient_profiles as pp')
      .innerJoin('healthcare_providers as hp', 'hp.id', 'pp.healthcare_provider_id')
      .select([
        'pp.id',
        'pp.organization_id',
        'pp.healthcare_provider_id',
        'pp.first_name',
        'pp.last_name',
        'pp.email_address',
        'pp.birthdate',
        'pp.sex',
        'pp.date_created',
        'hp.first_name as hp_first_name',
        'hp.last_name as hp_last_name',
        'hp.display_name as hp_display_name',
        'hp.email_address as hp_email_address',
      ]);

  return {
    /** One profile, only within the given organization. */
    async findInOrganization(id: string, organizationId: string): Promise<PatientProfile | undefined> {
      const row = await base()
        .where('pp.id', '=', id)
        .where('pp.organization_id', '=', organizationId)
        .executeTakeFirst();
      return row ? toPatientProfile(row as Row, true) : undefined;
    },

    /** A page of profiles of one organization, filtered and sorted as the whitelisted query says. */
    async search(organizationId: string, query: ListQuery): Promise<{ items: PatientProfile[]; totalCount: number }> {
      let where = base().where('pp.organization_id', '=', organizationId);
      for (const filter of filtersFor(query, 'organizationId')) {
        where = where.where('pp.organization_id', '=', String(filter.value));
      }
      for (const filter of filtersFor(query, 'healthcareProviderId')) {
        where = where.where('pp.healthcare_provider_id', '=', String(filter.value));
      }
      for (const filter of filtersFor(query, 'search')) {
        const text = String(filter.value).trim();
        if (!text) continue;
        const pattern = likePattern(text.toLowerCase());
        where = where.where((eb) =>
          eb.or([
            eb(sql`lower(pp.first_name || ' ' || pp.last_name)`, 'like', pattern),
            eb(sql`lower(pp.last_name || ' ' || pp.first_name)`, 'like', pattern),
            eb(sql`lower(pp.email_address)`, 'like', pattern),
          ]),
        );
      }
      const { count } = await where
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      let page = where;
      for (const sort of query.sort) {
        page = page.orderBy(sortColumns[sort.field as keyof typeof sortColumns], sort.direction);
      }
      const { pageNumber, pageSize } = query.pagination;
      const rows = await page
        .orderBy('pp.id')
        .limit(pageSize)
        .offset((pageNumber - 1) * pageSize)
        .execute();
      const withProvider = query.joinedLoads.includes('healthcareProvider');
      return { items: rows.map((row) => toPatientProfile(row as Row, withProvider)), totalCount: Number(count) };
    },
  };
}
