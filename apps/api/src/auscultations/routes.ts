import { auscultationRoutes } from '@auscura/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.js';
import { createAuditRepository } from '../audit/repository.js';
import { assertExamVisible } from '../lib/access.js';
import { notFound } from '../lib/http-error.js';
import { principalOf, route } from '../lib/route.js';
import { toAuscultation } from './mapper.js';

export async function auscultationRoutesPlugin(app: FastifyInstance, options: { db: Db }) {
  const { db } = options;
  const audit = createAuditRepository(db);

  route(app, auscultationRoutes.get, async ({ params, request }) => {
    const principal = principalOf(request);
    const row = await db
      .selectFrom('auscultations as a')
      .innerJoin('exams as e', 'e.id', 'a.exam_id')
      .selectAll('a')
      .select('e.patient_profile_id')
      .where('a.id', '=', params.id)
      .executeTakeFirst();
    if (!row) throw notFound('auscultation');
    // Same rule as its exam.
    assertExamVisible(principal, row.organization_id);
    await audit.record(principal, {
      action: 'read',
      targetType: 'auscultation',
      targetId: params.id,
      patientProfileId: row.patient_profile_id,
    });
    return toAuscultation(row);
  });
}
