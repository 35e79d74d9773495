import { healthcareProviderRoutes } from '@auscura/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.js';
import { notFound } from '../lib/http-error.js';
import { parseListQuery, sendPaged } from '../lib/list-query.js';
import { principalOf, route } from '../lib/route.js';
import { createHealthcareProviderRepository, providerListWhitelist } from './repository.js';

/** Providers are visible only within the caller's organization; the password hash never leaves. */
export async function healthcareProviderRoutesPlugin(app: FastifyInstance, options: { db: Db }) {
  const providers = createHealthcareProviderRepository(options.db);

  route(app, healthcareProviderRoutes.get, async ({ params, request }) => {
    const principal = principalOf(request);
    const provider = await providers.findInOrganization(params.id, principal.organizationId);
    if (!provider) throw notFound('healthcare provider');
    return { status: 200, body: provider };
  });

  route(app, healthcareProviderRoutes.search, async ({ query: { q }, request, reply }) => {
    const principal = principalOf(request);
    const query = parseListQuery(q, providerListWhitelist);
    return { status: 200, body: sendPaged(reply, query, await providers.search(principal.organizationId, query)) };
  });

  route(app, healthcareProviderRoutes.overview, async ({ query: { q }, request, reply }) => {
    const principal = principalOf(request);
    const query = parseListQuery(q, providerListWhitelist);
    return { status: 200, body: sendPaged(reply, query, await providers.overview(principal.organizationId, query)) };
  });
}
