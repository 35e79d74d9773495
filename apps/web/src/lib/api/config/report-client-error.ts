import { configRoutes } from '@auscura/contracts';
import type { EndpointBody } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';

type ClientErrorReport = EndpointBody<typeof configRoutes.reportClientError>;

/**
 * Posts one client error to the API's log (when Sentry is not configured). `keepalive`: the
 * report still leaves when the error unloads the page. Never rejects: reporting must not raise
 * an error of its own, which would feed the global error screen in a loop.
 */
export function reportClientError(report: ClientErrorReport): void {
  void apiRequest(configRoutes.reportClientError, 204, { body: report, keepalive: true }).catch(() => undefined);
}
