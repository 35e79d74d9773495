import { selfExamArrivalLimits, selfExamLinkRoutes } from '@auscura/contracts';
import type { SelfExamArrival } from '@auscura/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.js';
import { createAuditRepository } from '../audit/repository.js';
import { principalOf, route } from '../lib/route.js';

/**
 * The signed-in shell asks every half minute which of the clinician's self exams (both kinds)
 * arrived since its last answer, to show 'Self exam from … arrived'. Kept cheap: one indexed query
 * on (healthcare_provider_id, finalized_at), at most 20 rows, reaching back at most 24 hours; an
 * audit entry only when it names patients.
 */
export async function selfExamArrivalRoutesPlugin(app: FastifyInstance, options: { db: Db }) {
  const { db } = options;
  const audit = createAuditRepository(db);

  route(app, selfExamLinkRoutes.arrivals, async ({ query, request }) => {
    const principal = principalOf(request);
    const now = new Date();
    // The first call only learns the server's clock: what arrived before the page opened was mailed.
    if (!query.since) return { status: 200, body: { items: [], now: now.toISOString() } };
    const floor = now.getTime() - selfExamArrivalLimits.maxAgeHours * 3_600_000;
    const since = new Date(Math.max(Date.parse(query.since), floor));
    const rows = await db
      .selectFrom('self_exam_requests as s')
      .innerJoin('exams as e', 'e.id', 's.exam_id')
      .innerJoin('patient_profiles as p', 'p.id', 's.patient_profile_id')
      .select(['e.id as exam_id', 's.patient_profile_id', 's.finalized_at', 'e.type', 'p.first_name', 'p.last_name'])
      .where('s.healthcare_provider_id', '=', principal.healthcareProviderId)
      .where('s.organization_id', '=', principal.organizationId)
      .where('s.finalized_at', '>', since)
      .orderBy('s.finalized_at')
      .limit(selfExamArrivalLimits.maxItems)
      .$narrowType<{ finalized_at: Date }>()
      .execute();
    const items = rows.map((row): SelfExamArrival => ({
      examId: row.exam_id,
      patientProfileId: row.patient_profile_id,
      patientName: `${row.first_name} ${row.last_name}`,
      type: row.type,
      arrivedAt: new Date(row.finalized_at).toISOString(),
    }));
    if (items.length > 0) {
      await audit.record(principal, {
        action: 'list',
        targetType: 'self-exam-request',
        detail: { arrivals: true, patientProfileIds: [...new Set(items.map((item) => item.patientProfileId))] },
      });
    }
    return { status: 200, body: { items, now: now.toISOString() } };
  });
}
