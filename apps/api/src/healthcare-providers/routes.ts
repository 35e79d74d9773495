import { healthcareProviderRoutes } from '@auscura/contracts';
import type { HealthcareProviderOverview, Role } from '@auscura/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { notFound } from '../lib/http-error.js';
import { likePattern, parseListQuery, sendPaged } from '../lib/list-query.js';
import type { ListWhitelist } from '../lib/list-query.js';
import { principalOf, route } from '../lib/route.js';
import { providerColumns, toProvider } from './mapper.js';

const providerListWhitelist: ListWhitelist = {
  filters: { search: { ops: ['like'], type: 'string' }, organizationId: { ops: ['eq'], type: 'uuid' } },
  sorts: ['dateCreated', 'lastName'],
  joinedLoads: [],
  defaultSort: { field: 'dateCreated', direction: 'desc' },
};
const sortColumns = { dateCreated: 'hp.date_created', lastName: 'hp.last_name' } as const;

/** Providers are visible only within the caller's organization; the password hash never leaves. */
export async function healthcareProviderRoutesPlugin(app: FastifyInstance, options: { db: Db }) {
  const { db } = options;
  const columns = providerColumns;

  function listQuery(organizationId: string, raw: unknown) {
    const query = parseListQuery(raw, providerListWhitelist);
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
    return { query, where };
  }

  route(app, healthcareProviderRoutes.get, async ({ params, request }) => {
    const principal = principalOf(request);
    const row = await db
      .selectFrom('healthcare_providers as hp')
      .select(columns)
      .where('hp.id', '=', params.id)
      .where('hp.organization_id', '=', principal.organizationId)
      .executeTakeFirst();
    if (!row) throw notFound('healthcare provider');
    return toProvider(row);
  });

  route(app, healthcareProviderRoutes.search, async ({ request, reply }) => {
    const principal = principalOf(request);
    const { query, where } = listQuery(principal.organizationId, (request.query as { q?: unknown }).q);
    const { count } = await where.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    let page = where.select(columns);
    for (const sort of query.sort)
      page = page.orderBy(sortColumns[sort.field as keyof typeof sortColumns], sort.direction);
    const rows = await page
      .orderBy('hp.id')
      .limit(query.pagination.pageSize)
      .offset((query.pagination.pageNumber - 1) * query.pagination.pageSize)
      .execute();
    return sendPaged(reply, query, { items: rows.map(toProvider), totalCount: Number(count) });
  });

  route(app, healthcareProviderRoutes.overview, async ({ request, reply }) => {
    const principal = principalOf(request);
    const { query, where } = listQuery(principal.organizationId, (request.query as { q?: unknown }).q);
    const { count } = await where.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    let page = where.leftJoin('exam_counters as c', 'c.healthcare_provider_id', 'hp.id').select([
      ...columns,
      'c.total as total_exams',
      'c.unreviewed as total_unreviewed',
      (eb) =>
        eb
          .selectFrom('patient_profiles as pp')
          .whereRef('pp.healthcare_provider_id', '=', 'hp.id')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .as('total_patients'),
    ]);
    for (const sort of query.sort)
      page = page.orderBy(sortColumns[sort.field as keyof typeof sortColumns], sort.direction);
    const rows = await page
      .orderBy('hp.id')
      .limit(query.pagination.pageSize)
      .offset((query.pagination.pageNumber - 1) * query.pagination.pageSize)
      .execute();
    const items: HealthcareProviderOverview[] = rows.map((row) => ({
      ...toProvider(row),
      fullName: [row.first_name, row.last_name].filter(Boolean).join(' '),
      roles: row.roles as Role[],
      totalPatients: Number(row.total_patients ?? 0),
      totalExams: Number(row.total_exams ?? 0),
      totalUnreviewedExams: Number(row.total_unreviewed ?? 0),
    }));
    return sendPaged(reply, query, { items, totalCount: Number(count) });
  });
}
