import { pino } from 'pino';
import type { DestinationStream, Logger } from 'pino';

/** Paths that carry a secret in a segment (the patient's access code) are logged without it. */
function redactPath(path: string | undefined): string | undefined {
  return path?.replace(/(\/virtual-exams\/access-code\/)[^/]+/, '$1[redacted]');
}

/**
 * The server's structured log. Tokens, cookies and passwords never reach it, and request lines
 * carry method and path without the query string (list queries can hold patient names).
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          '*.password',
          // @fastify/multipart logs its busboy options at trace level, request headers (the bearer token) included.
          'busboyOptions',
        ],
        remove: true,
      },
      serializers: {
        req: (request: { id?: string; method?: string; url?: string; routeOptions?: { url?: string } }) => ({
          id: request.id,
          method: request.method,
          // The route's pattern, not the path: a path can carry a secret (an invitation id, an access code).
          path: request.routeOptions?.url ?? maskPath(redactPath(request.url)),
        }),
      },
    },
    destination,
  );
}

/** A path no route matched: without its query, and with long segments (ids, codes, tokens) masked. */
function maskPath(url: string | undefined): string | undefined {
  return url
    ?.split('?')[0]
    ?.split('/')
    .map((segment) => (segment.length > 16 ? '…' : segment))
    .join('/');
}

/**
 * Text a browser reported (an error message, a stack): addresses and dates (birthdates) masked, as
 * the app's messages may quote what was on the screen.
 */
export function scrubClientText(text: string | undefined): string | undefined {
  return text
    ?.replace(/[^\s@"'<>()]+@[^\s@"'<>()]+\.[^\s@"'<>()]+/g, '[email]')
    .replace(/\b\d{4}-\d{2}-\d{2}\b/g, '[date]');
}
