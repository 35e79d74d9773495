import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics (prom-client). Infrastructure only: this module knows HTTP requests and the
 * process; the domains register their own series (recording queue, live exams) on the registry
 * the process shell hands them. Names follow Prometheus' naming guide (base units: seconds,
 * bytes; `_total` for counters; https://prometheus.io/docs/practices/naming/).
 */
export type MetricsRegistry = Registry;

declare module 'fastify' {
  interface FastifyInstance {
    /** Where this process's metrics are registered (the domains add theirs). */
    metrics: MetricsRegistry;
  }
}

/**
 * A registry for one process. With `processMetrics`, prom-client's defaults as well: CPU seconds,
 * resident memory, heap, open descriptors, event-loop lag (`nodejs_eventloop_lag_seconds` and its
 * percentiles from perf_hooks.monitorEventLoopDelay), GC durations. Every series carries the
 * process's role, so one dashboard tells api from worker processes.
 */
export function createMetricsRegistry(role: string, options: { processMetrics?: boolean } = {}): MetricsRegistry {
  const registry = new Registry();
  registry.setDefaultLabels({ role });
  if (options.processMetrics) collectDefaultMetrics({ register: registry });
  return registry;
}

/** Seconds; from a fast JSON answer to a long upload (REQUEST_TIMEOUT_SECONDS is 120 by default). */
const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120];

/**
 * Request rate, errors and latency per route: a counter and a histogram labelled with the route's
 * pattern (`/api/v1/exams/:id`, never the URL, which would carry ids and grow without bound),
 * method and status code. Requests that matched no route count under `unmatched`.
 */
export const httpMetricsPlugin = fp(async (app: FastifyInstance, options: { registry: MetricsRegistry }) => {
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'auscura_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames,
    registers: [options.registry],
  });
  const duration = new Histogram({
    name: 'auscura_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method, route pattern and status code',
    labelNames,
    buckets: latencyBuckets,
    registers: [options.registry],
  });
  // A callback hook: no promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status_code: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
});

export type MetricsServer = { port: number; close(): Promise<void> };

/**
 * The metrics listener: GET /metrics in Prometheus' text format, and /healthz and /readyz (a
 * worker has no other port; HAProxy and orchestrators probe these). A port of its own, so the
 * public port never shows them: keep it reachable only from the monitoring network.
 */
export async function startMetricsServer(options: {
  registry: MetricsRegistry;
  port: number;
  host: string;
  /** 200 while this answers true, else 503 (a draining or disconnected process). */
  ready: () => Promise<boolean>;
  onError?: (error: unknown) => void;
}): Promise<MetricsServer> {
  const server = http.createServer((request, response) => {
    const url = (request.url ?? '').split('?')[0];
    const answer = (status: number, type: string, body: string) => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(body);
    };
    if (request.method !== 'GET' && request.method !== 'HEAD') return answer(405, 'text/plain', 'GET only\n');
    if (url === '/healthz') return answer(200, 'application/json', '{"status":"ok"}');
    if (url === '/readyz') {
      void options.ready().then(
        (ready) =>
          answer(ready ? 200 : 503, 'application/json', JSON.stringify({ status: ready ? 'ready' : 'not ready' })),
        () => answer(503, 'application/json', '{"status":"not ready"}'),
      );
      return;
    }
    if (url === '/metrics') {
      void options.registry.metrics().then(
        (text) => answer(200, options.registry.contentType, text),
        (error: unknown) => {
          options.onError?.(error);
          answer(500, 'text/plain', 'metrics failed\n');
        },
      );
      return;
    }
    answer(404, 'text/plain', 'not found\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
