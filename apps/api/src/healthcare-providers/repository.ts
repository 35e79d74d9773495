import { sql } from 'kysely';
import type { HealthcareProvider, HealthcareProviderOverview, ListQuery, Role } from '@auscura/contracts';
import type { DbOrTx } from '../db/connect.js';
import { selectPage } from '../db/page.js';
import { likePattern } from '../lib/list-query.js';
import type { ListWhitelist } from '../lib/list-query.js';
import { providerColumns, toProvider } from './mapper.js';
import type { SignInAccount } from '../identity/account-identity.js';

export const providerListWhitelist: ListWhitelist = {
  filters: { search: { ops: ['like'], type: 'string' }, organizationId: { ops: ['eq'], type: 'uuid' } },
  sorts: ['dateCreated', 'lastName'],
  joinedLoads: [],
  defaultSort: { field: 'dateCreated', direction: 'desc' },
};
const pageOrder = { columns: { dateCreated: 'hp.date_created', lastName: 'hp.last_name' }, tiebreak: 'hp.id' };

type ProviderAccount = SignInAccount;

export function createHealthcareProviderRepository(db: DbOrTx) {
  const base = () =>
    db
      .selectFrom('healthcare_providers as hp')
      .innerJoin('organizations as o', 'o.id', 'hp.organization_id')
      .select([
        'hp.id',
        'hp.organization_id as organizationId',
        'o.name as organizationName',
        'hp.email_address as emailAddress',
        'hp.first_name as firstName',
        'hp.last_name as lastName',
        'hp.display_name as displayName',
        'hp.password_hash as passwordHash',
        'hp.roles',
      ]);
  /** The providers of one organization that match the query's filters (name or address search). */
  function filtered(organizationId: string, query: ListQuery) {
    let where = db.selectFrom('healthcare_providers as hp').where('hp.organization_id', '=', organizationId);
    for (const filter of query.filters) {
      if (filter.field === 'organizationId') where = where.where('hp.organization_id', '=', String(filter.value));
      if (filter.field === 'search' && String(filter.value).trim()) {
        const pattern = likePattern(String(filter.value).trim().toLowerCase());
        where = where.where((eb) =>
          eb.or([
            eb(sql`lower(coalesce(hp.first_name, '') || ' ' || coalesce(hp.last_name, ''))`, 'like', pattern),
            eb(sql`lower(hp.email_address)`, 'like', pattern),
          ]),
        );
      }
    }
    return where;
  }

  return {
    /** One provider of the organization (never the password hash), or undefined. */
    async findInOrganization(id: string, organizationId: string): Promise<HealthcareProvider | undefined> {
      const row = await db
        .selectFrom('healthcare_providers as hp')
        .select(providerColumns)
        .where('hp.id', '=', id)
        .where('hp.organization_id', '=', organizationId)
        .executeTakeFirst();
      return row ? toProvider(row) : undefined;
    },

    /** A page of the organization's providers. */
    async search(organizationId: string, query: ListQuery) {
      const page = await selectPage(
        filtered(organizationId, query),
        (from) => from.select(providerColumns),
        query,
        pageOrder,
      );
      return { items: page.rows.map(toProvider), totalCount: page.totalCount };
    },

    /** A page of the organization's providers with roles and their exam and patient totals. */
    async overview(organizationId: string, query: ListQuery) {
      const page = await selectPage(
        filtered(organizationId, query),
        (from) =>
          from.leftJoin('exam_counters as c', 'c.healthcare_provider_id', 'hp.id').select([
            ...providerColumns,
            'c.total as total_exams',
            'c.unreviewed as total_unreviewed',
            (eb) =>
              eb
                .selectFrom('patient_profiles as pp')
                .whereRef('pp.healthcare_provider_id', '=', 'hp.id')
                .select((inner) => inner.fn.countAll<number>().as('n'))
                .as('total_patients'),
          ]),
        query,
        pageOrder,
      );
      const items: HealthcareProviderOverview[] = page.rows.map((row) => ({
        ...toProvider(row),
        fullName: [row.first_name, row.last_name].filter(Boolean).join(' '),
        roles: row.roles as Role[],
        totalPatients: Number(row.total_patients ?? 0),
        totalExams: Number(row.total_exams ?? 0),
        totalUnreviewedExams: Number(row.total_unreviewed ?? 0),
      }));
      return { items, totalCount: page.totalCount };
    },

    findAccountById(id: string): Promise<ProviderAccount | undefined> {
      return base().where('hp.id', '=', id).executeTakeFirst();
    },
    findAccountByEmail(email: string): Promise<ProviderAccount | undefined> {
      return base()
        .where(sql`lower(hp.email_address)`, '=', email.trim().toLowerCase())
        .executeTakeFirst();
    },
    async insert(values: {
      /** Chosen beforehand when Auth0 must know it (app_metadata) before the row exists. */
      id?: string;
      organizationId: string;
      emailAddress: string;
      firstName: string | null;
      lastName: string | null;
      displayName: string | null;
      passwordHash: string | null;
      auth0UserId?: string | null;
      tcVersion: number;
      mustChangePassword?: boolean;
      roles?: string[];
    }): Promise<{ id: string }> {
      return db
        .insertInto('healthcare_providers')
        .values({
          ...(values.id ? { id: values.id } : {}),
          organization_id: values.organizationId,
          email_address: values.emailAddress,
          first_name: values.firstName,
          last_name: values.lastName,
          display_name: values.displayName,
          password_hash: values.passwordHash,
          auth0_user_id: values.auth0UserId ?? null,
          tc_version: values.tcVersion,
          must_change_password: values.mustChangePassword ?? false,
          roles: values.roles ?? ['healthcare-provider'],
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    },
  };
}
