import type { FastifyInstance, FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { apiError } from '@auscura/contracts';
import { ZodError } from 'zod';
import { HttpError } from '../lib/http-error.js';

/** Every error leaves the API in the catalogue's shape; internals never reach the client. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | HttpError | ZodError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.status).headers(error.headers).send(error.body);
    }
    if (error instanceof ZodError) {
      const detail = error.issues
        .slice(0, 5)
        .map((issue) => `${issue.path.join('.') || 'value'}: ${issue.message}`)
        .join('; ');
      return reply.status(400).send(apiError('INVALID_DATA', `Invalid data. ${detail}`));
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 429) {
      return reply.status(429).send(apiError('UNAUTHORIZED', 'Too many requests. Please slow down.'));
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, unsupported media type, body too large …: the client's input is at fault.
      return reply.status(status === 413 ? 413 : 400).send(apiError('INVALID_DATA', 'The request is not valid.'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(apiError('INTERNAL_SERVER_ERROR', 'An internal error occurred.'));
  });
});
