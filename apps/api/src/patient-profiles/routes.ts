import { patientProfileRoutes } from '@auscura/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.js';
import { notFound } from '../lib/http-error.js';
import { parseListQuery, sendPaged } from '../lib/list-query.js';
import { principalOf, route } from '../lib/route.js';
import { createPatientProfileRepository, patientProfileListWhitelist } from './repository.js';

export async function patientProfileRoutesPlugin(app: FastifyInstance, options: { db: Db }) {
  const repository = createPatientProfileRepository(options.db);

  route(app, patientProfileRoutes.get, async ({ params, request }) => {
    const principal = principalOf(request);
    // Another organization's profile is answered exactly like a missing one (clinician-portal §6).
    const profile = await repository.findInOrganization(params.id, principal.organizationId);
    if (!profile) throw notFound('patient profile');
    return profile;
  });

  route(app, patientProfileRoutes.search, async ({ request, reply }) => {
    const principal = principalOf(request);
    const query = parseListQuery((request.query as { q?: unknown }).q, patientProfileListWhitelist);
    const page = await repository.search(principal.organizationId, query);
    return sendPaged(reply, query, page);
  });
}
