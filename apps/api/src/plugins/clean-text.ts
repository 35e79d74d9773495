import type { FastifyInstance } from 'fastify';
import { assertCleanText } from '../lib/clean-text.js';

/**
 * Refuses NUL characters and lone surrogates in the path parameters, the query and a parsed body
 * of every request in the scope, before any handler reads them (the multipart JSON part is checked
 * where it is parsed).
 */
export function addCleanTextHook(app: FastifyInstance) {
  // A callback hook (no promise per request); Fastify answers a throw here as a rejection.
  app.addHook('preHandler', (request, _reply, done) => {
    assertCleanText(request.params, request.query, request.body);
    done();
  });
}
