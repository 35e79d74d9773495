import type { FastifyInstance } from 'fastify';
import type { TokenVerifier } from '../identity/verify-token.js';
import { unauthorized } from '../lib/http-error.js';

/**
 * One hook authenticates everything in the scope it is added to (all of /api/v1, CONVENTIONS.md
 * rule 8): a route is public only when its contract says so; everything else, unknown paths
 * included, needs a valid bearer token.
 */
export function addAuthHook(app: FastifyInstance, verify: TokenVerifier) {
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.public) return;
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header) : null;
    if (!match?.[1]) throw unauthorized('A bearer token is required.');
    request.principal = await verify(match[1]);
  });
}
