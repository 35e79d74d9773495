import { pino } from 'pino';
import type { DestinationStream, Logger } from 'pino';

/** Paths that carry a secret in a segment (the patient's access code) are logged without it. */
export function redactPath(path: string | undefined): string | undefined {
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
        paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password'],
        remove: true,
      },
      serializers: {
        req: (request: { id?: string; method?: string; url?: string }) => ({
          id: request.id,
          method: request.method,
          path: redactPath(request.url?.split('?')[0]),
        }),
      },
    },
    destination,
  );
}
