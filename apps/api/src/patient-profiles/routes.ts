import { patientProfileRoutes } from '@auscura/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.js';
import { createAuditRepository } from '../audit/repository.js';
import { notFound } from '../lib/http-error.js';
import { parseListQuery, sendPaged } from '../lib/list-query.js';
import { principalOf, route } from '../lib/route.js';
import { createPatientProfileRepository, patientProfileListWhitelist } from './repository.js';

export async function patientProfileRoutesPlugin(app: FastifyInstance, options: { db: Db }) {
  const repository = createPatientProfileRepository(options.db);
  const audit = createAuditRepository(options.db);

  route(app, patientProfileRoutes.get, async ({ params, request }) => {
    const principal = principalOf(request);
    // Another organization's profile is answered exactly like a missing one (clinician-portal §6).
    const profile = await repository.findInOrganization(params.id, principal.organizationId);
    if (!profile) throw notFound('patient profile');
    await audit.record(principal, {
      action: 'read',
      targetType: 'patient-profile',
      targetId: profile.id,
      patientProfileId: profile.id,
    });
    return profile;
  });

  route(app, patientProfileRoutes.search, async ({ request, reply }) => {
    const principal = principalOf(request);
    const query = parseListQuery((request.query as { q?: unknown }).q, patientProfileListWhitelist);
    const page = await repository.search(principal.organizationId, query);
    await audit.record(principal, {
      action: 'list',
      targetType: 'patient-profile-list',
      detail: { patientProfileIds: page.items.map((item) => item.id) },
    });
    return sendPaged(reply, query, page);
  });
}
