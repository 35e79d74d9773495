import type { Readable } from 'node:stream';
import type {
  Endpoint,
  EndpointStatus,
  ExtraFields,
  ParsedBody,
  ParsedParams,
  ParsedQuery,
  ResponseInput,
  WireLeaf,
} from '@auscura/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from './principal.js';
import { unauthorized } from './http-error.js';

type RouteInput<E extends Endpoint> = {
  params: ParsedParams<E>;
  query: ParsedQuery<E>;
  body: ParsedBody<E>;
  request: FastifyRequest;
  reply: FastifyReply;
};

/** A body the contract declares as bytes may also be streamed. */
type Sendable<T> = T extends Uint8Array ? Uint8Array | Readable : T;

/**
 * One answer a handler may give: a status the endpoint declares and a body its schema for that
 * status accepts (ts-rest's model). A field the schema lacks or a wrong type fails to compile;
 * a status declared with `z.null()` carries no body.
 */
type RouteResult<E extends Endpoint> = {
  [S in EndpointStatus<E>]: [ResponseInput<E, S>] extends [null]
    ? { status: S; body?: null }
    : { status: S; body: Sendable<ResponseInput<E, S>> };
}[EndpointStatus<E>];

/**
 * The fields of a handler's answers that the contract's schema for that status lacks: a mapper
 * or a spread that leaks a column (a password hash) fails to compile, not just a literal typo.
 */
type ExtraResponseFields<E extends Endpoint, R> = R extends { status: infer S }
  ? ExtraFields<R, Extract<RouteResult<E>, { status: S }>, 'response', WireLeaf | Readable>
  : never;

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
  interface FastifyContextConfig {
    public?: boolean;
    /** The contract lets a patient session token through too (the handler checks it). */
    patientSession?: boolean;
  }
}

/**
 * Registers one contract endpoint: the method, path and public flag come from the contract;
 * params, query and body are validated with its schemas before the handler runs, and the
 * handler's answer is typed by its response schemas (CONVENTIONS.md rule 3). Headers are set on
 * `reply`; the status and body are what the handler returns.
 */
export function route<E extends Endpoint, R extends RouteResult<E>>(
  app: FastifyInstance,
  endpoint: E,
  handler: ((input: RouteInput<NoInfer<E>>) => Promise<R>) &
    ([ExtraResponseFields<E, R>] extends [never]
      ? unknown
      : { 'answers fields the contract does not declare': ExtraResponseFields<E, R> }),
) {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { public: endpoint.public ?? false, patientSession: endpoint.patientSession ?? false },
    handler: async (request, reply) => {
      const params = endpoint.params ? endpoint.params.parse(request.params) : undefined;
      const query = endpoint.query ? endpoint.query.parse(request.query ?? {}) : undefined;
      // No body at all reads as {} (every field of it optional); a JSON `null` is a body, and refused.
      const body = endpoint.body ? endpoint.body.parse(request.body === undefined ? {} : request.body) : undefined;
      const result = await handler({ params, query, body, request, reply } as RouteInput<E>);
      reply.status(result.status);
      return result.body === undefined || result.body === null ? reply.send() : reply.send(result.body);
    },
  });
}

/** The signed-in caller; the auth hook has already refused requests without one. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}
