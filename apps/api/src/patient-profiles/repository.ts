import { sql } from 'kysely';
import type { ListQuery, PatientProfile, PatientProfileFields } from '@auscura/contracts';
import type { DbOrTx } from '../db/connect.js';
import { selectPage } from '../db/page.js';
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

const pageOrder = {
  columns: {
    dateCreated: 'pp.date_created',
    lastName: 'pp.last_name',
    firstName: 'pp.first_name',
    birthdate: 'pp.birthdate',
    emailAddress: 'pp.email_address',
  },
  tiebreak: 'pp.id',
};

/** A profile's columns with its primary doctor's names (the healthcareProvider joined load). */
const profileColumns = [
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
] as const;

type Row = {
  id: string;
  organization_id: string;
  healthcare_provider_id: string;
  first_name: string;
  last_name: string;
  email_address: string;
  birthdate: string | null;
  sex: PatientProfile['sex'];
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

const columnOf = {
  firstName: 'first_name',
  lastName: 'last_name',
  emailAddress: 'email_address',
  sex: 'sex',
  birthdate: 'birthdate',
} as const;

/**
 * The only unique index on patient_profiles is (organization, lower(email)): a unique violation
 * (db/errors.ts) from create or update means the address is taken in the organization.
 */
export function createPatientProfileRepository(db: DbOrTx) {
  const joined = () =>
    db
      .selectFrom('patient_profiles as pp')
      .innerJoin('healthcare_providers as hp', 'hp.id', 'pp.healthcare_provider_id');

  return {
    /** Inserts a profile stamped with the given organization and provider; a taken email throws a unique violation. */
    async create(fields: PatientProfileFields, owner: { organizationId: string; healthcareProviderId: string }) {
      const row = await db
        .insertInto('patient_profiles')
        .values({
          organization_id: owner.organizationId,
          healthcare_provider_id: owner.healthcareProviderId,
          first_name: fields.firstName,
          last_name: fields.lastName,
          email_address: fields.emailAddress,
          sex: fields.sex ?? null,
          birthdate: fields.birthdate,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * Changes only the given fields of a profile of the organization; answers the names of the
     * fields that really changed, or undefined when there is no such profile in the organization.
     */
    async update(
      id: string,
      organizationId: string,
      fields: Partial<PatientProfileFields>,
    ): Promise<(keyof PatientProfileFields)[] | undefined> {
      const current = await db
        .selectFrom('patient_profiles')
        .select(['first_name', 'last_name', 'email_address', 'sex', 'birthdate'])
        .where('id', '=', id)
        .where('organization_id', '=', organizationId)
        .forUpdate()
        .executeTakeFirst();
      if (!current) return undefined;
      const changed = (Object.keys(columnOf) as (keyof PatientProfileFields)[]).filter(
        (field) => fields[field] !== undefined && fields[field] !== current[columnOf[field]],
      );
      if (changed.length === 0) return changed;
      const values = Object.fromEntries(changed.map((field) => [columnOf[field], fields[field]]));
      await db
        .updateTable('patient_profiles')
        .set(values)
        .where('id', '=', id)
        .where('organization_id', '=', organizationId)
        .execute();
      return changed;
    },

    /** One profile, only within the given organization. */
    async findInOrganization(id: string, organizationId: string): Promise<PatientProfile | undefined> {
      const row = await joined()
        .select(profileColumns)
        .where('pp.id', '=', id)
        .where('pp.organization_id', '=', organizationId)
        .executeTakeFirst();
      return row ? toPatientProfile(row, true) : undefined;
    },

    /** A page of profiles of one organization, filtered and sorted as the whitelisted query says. */
    async search(organizationId: string, query: ListQuery): Promise<{ items: PatientProfile[]; totalCount: number }> {
      let where = joined().where('pp.organization_id', '=', organizationId);
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
      const page = await selectPage(where, (from) => from.select(profileColumns), query, pageOrder);
      const withProvider = query.joinedLoads.includes('healthcareProvider');
      return { items: page.rows.map((row) => toPatientProfile(row, withProvider)), totalCount: page.totalCount };
    },
  };
}
