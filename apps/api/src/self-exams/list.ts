import { selfExamRoutes } from '@auscura/contracts';
import type { SelfExamRequestListItem } from '@auscura/contracts';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.js';
import { selectPage } from '../db/page.js';
import { createAuditRepository } from '../audit/repository.js';
import { filtersFor, likePattern, parseListQuery, sendPaged } from '../lib/list-query.js';
import type { ListWhitelist } from '../lib/list-query.js';
import { principalOf, route } from '../lib/route.js';
import { isExpired } from './repository.js';

const whitelist: ListWhitelist = {
  filters: { search: { ops: ['like'], type: 'string' } },
  sorts: ['dateCreated'],
  joinedLoads: [],
  defaultSort: { field: 'dateCreated', direction: 'desc' },
};
const pageOrder = { columns: { dateCreated: 's.date_created' }, tiebreak: 's.id' } as const;

/** /self-exam-requests: the provider's own requests, with where each stands. */
export async function selfExamListRoutesPlugin(app: FastifyInstance, options: { db: Db }) {
  const { db } = options;
  const audit = createAuditRepository(db);

  route(app, selfExamRoutes.search, async ({ query: { q }, request, reply }) => {
    const principal = principalOf(request);
    const query = parseListQuery(q, whitelist);
    let where = db
      .selectFrom('self_exam_requests as s')
      .innerJoin('patient_profiles as p', 'p.id', 's.patient_profile_id')
      .where('s.organization_id', '=', principal.organizationId)
      .where('s.healthcare_provider_id', '=', principal.healthcareProviderId)
      // What the clinician asked for: a standing link's uses are the patient's, and are found in /exams.
      .where('s.self_exam_link_id', 'is', null);
    for (const filter of filtersFor(query, 'search')) {
      const text = String(filter.value).trim();
      if (!text) continue;
      const pattern = likePattern(text.toLowerCase());
      where = where.where((eb) =>
        eb.or([
          eb(sql`lower(p.first_name || ' ' || p.last_name)`, 'like', pattern),
          eb(sql`lower(p.last_name || ' ' || p.first_name)`, 'like', pattern),
        ]),
      );
    }
    const page = await selectPage(
      where,
      (from) =>
        from.select([
          's.id',
          's.patient_profile_id',
          's.exam_date',
          's.auscultation_points',
          's.exam_id',
          's.finalized_at',
          's.date_created',
          'p.first_name',
          'p.last_name',
          sql<string>`(SELECT count(*) FROM self_exam_auscultation_requests ar
                       WHERE ar.self_exam_request_id = s.id AND ar.auscultation_id IS NOT NULL)`.as('recorded'),
        ]),
      query,
      pageOrder,
    );
    const items = page.rows.map((row): SelfExamRequestListItem => {
      const recorded = Number(row.recorded);
      const status = row.finalized_at
        ? 'completed'
        : isExpired(row.exam_date)
          ? 'expired'
          : recorded > 0
            ? 'in-progress'
            : 'requested';
      return {
        id: row.id,
        patientProfileId: row.patient_profile_id,
        patientName: `${row.first_name} ${row.last_name}`,
        examDate: row.exam_date,
        auscultationPoints: row.auscultation_points,
        recordedPoints: recorded,
        status,
        examId: row.exam_id,
        dateCreated: new Date(row.date_created).toISOString(),
      };
    });
    await audit.record(principal, {
      action: 'list',
      targetType: 'self-exam-request',
      detail: { patientProfileIds: [...new Set(items.map((item) => item.patientProfileId))] },
    });
    return { status: 200, body: sendPaged(reply, query, { items, totalCount: page.totalCount }) };
  });
}
