import { configRoutes } from '@auscura/contracts';
import type { PublicConfig } from '@auscura/contracts';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../lib/http-error.js';
import type { RateLimiter } from '../lib/rate-limit.js';
import { route } from '../lib/route.js';
import { scrubClientText } from '../plugins/logger.js';

/** Public configuration and client error intake under /api/v1. */
export async function systemRoutes(app: FastifyInstance, options: { config: PublicConfig; limiter: RateLimiter }) {
  route(app, configRoutes.get, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    return { status: 200, body: options.config };
  });

  route(app, configRoutes.reportClientError, async ({ body, request }) => {
    // Unauthenticated and each one a log line: bounded per client address.
    if (!options.limiter.take(request.ip)) throw tooManyRequests();
    // The message and stack are the app's own text; the path is logged without its query string,
    // which could carry search terms (patient names).
    request.log.warn(
      {
        clientError: {
          kind: body.kind,
          message: scrubClientText(body.message),
          stack: scrubClientText(body.stack),
          path: body.path?.split('?')[0],
        },
      },
      'client error',
    );
    return { status: 204 };
  });
}

const tooManyRequests = () => new HttpError('UNAUTHORIZED', 'Too many requests. Please slow down.', 429);
