import type { Endpoint } from '@auscura/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Principal } from '../identity/verify-token.js';
import { unauthorized } from './http-error.js';

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;

export type RouteInput<E extends Endpoint> = {
  params: Infer<E['params']>;
  body: Infer<E['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
};

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
  interface FastifyContextConfig {
    public?: boolean;
  }
}

/**
 * Registers one contract endpoint: the method, path and public flag come from the contract,
 * and params and body are validated with its schemas before the handler runs (rule 3).
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: RouteInput<E>) => Promise<unknown>,
) {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { public: endpoint.public ?? false },
    handler: async (request, reply) => {
      const params = endpoint.params ? endpoint.params.parse(request.params) : undefined;
      // No body at all reads as {} (every field of it optional); a JSON `null` is a body, and refused.
      const body = endpoint.body ? endpoint.body.parse(request.body === undefined ? {} : request.body) : undefined;
      const result = await handler({ params, body, request, reply } as RouteInput<E>);
      if (result === undefined && !reply.sent) return reply.status(204).send();
      return result;
    },
  });
}

/** The signed-in caller; the auth hook has already refused requests without one. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}
