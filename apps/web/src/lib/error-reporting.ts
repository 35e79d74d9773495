import { clientErrorReportSchema } from '@auscura/contracts';
import type { z } from 'zod';
import { env } from '../config/env.ts';
import { reportClientError } from './api/config/report-client-error.ts';

type ErrorKind = z.input<typeof clientErrorReportSchema>['kind'];
type Reporter = (error: unknown, kind: ErrorKind) => void;

// One page can fail in a loop (a render error on every keystroke); past this many reports the rest are dropped.
const maxReportsPerPage = 20;
let sentReports = 0;

function describe(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: `${error.name}: ${error.message}`, stack: error.stack };
  return { message: typeof error === 'string' ? error : 'Non-error value thrown' };
}

/**
 * Sends the error to the API's client-error log. Only the message, stack and path travel:
 * never request bodies, query strings or screen content, which could hold patient data.
 */
const postToApi: Reporter = (error, kind) => {
  if (sentReports >= maxReportsPerPage) return;
  sentReports += 1;
  const { message, stack } = describe(error);
  const report = clientErrorReportSchema.parse({
    message: message.slice(0, 2000),
    stack: stack?.slice(0, 10000),
    path: window.location.pathname.slice(0, 500),
    kind,
  });
  reportClientError(report);
};

let reporter: Reporter = postToApi;

/** Sentry when the server gives a DSN; otherwise the API's own client-error endpoint. */
export async function initErrorReporting(sentryDsn: string | null): Promise<void> {
  if (!sentryDsn) {
    reporter = postToApi;
    return;
  }
  // Loaded on demand so installations without Sentry do not pay for its bundle.
  const Sentry = await import('@sentry/react');
  Sentry.init({
    dsn: sentryDsn,
    environment: env.mode,
    // The app's own window listeners report uncaught errors (they also drive the error screen);
    // Sentry's GlobalHandlers would report each of them a second time.
    integrations: (defaults) => [
      ...defaults.filter((integration) => integration.name !== 'GlobalHandlers'),
      Sentry.browserTracingIntegration(),
    ],
    // clinician-portal §9: error reporting samples all traces.
    tracesSampleRate: 1,
  });
  reporter = (error, kind) => Sentry.captureException(error, { tags: { kind } });
}

export function reportError(error: unknown, kind: ErrorKind = 'error'): void {
  if (env.isDev) console.error(error);
  reporter(error, kind);
}
