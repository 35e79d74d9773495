import fs from 'node:fs/promises';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { heartFixture, recordingHelpers } from '../test/recordings-fixture.js';
import { signIn } from '../test/sign-in.js';
import { createTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { createMetricsRegistry, startMetricsServer } from './metrics.js';
import type { MetricsServer } from './metrics.js';

type Family = {
  name: string;
  type: string;
  metrics: { value?: string; labels?: Record<string, string>; count?: string }[];
};

let lastText = '';
/** GET /metrics, parsed as Prometheus' text format (a parser of its own, not ours). */
async function scrape(server: MetricsServer): Promise<Map<string, Family>> {
  const response = await fetch(`http://127.0.0.1:${server.port}/metrics`);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  lastText = await response.text();
  const families = parsePrometheusTextFormat(lastText) as Family[];
  return new Map(families.map((family) => [family.name, family]));
}
/**
 * A histogram's observation count. The parser drops the labels of histogram series whose `le`
 * comes first, as prom-client writes it (valid: the format does not order labels), so the
 * `_count` line is read here.
 */
function histogramCount(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}_count{`)) continue;
    if (Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`))) {
      return Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return undefined;
}
const sample = (families: Map<string, Family>, name: string, labels: Record<string, string> = {}) =>
  families
    .get(name)
    ?.metrics.find((metric) => Object.entries(labels).every(([key, value]) => metric.labels?.[key] === value));

describe('the metrics port', () => {
  let t: TestApp;
  let server: MetricsServer;
  let ada: string;
  const { upload } = recordingHelpers(() => t);

  beforeAll(async () => {
    // The api role: uploads are queued here and processed by no one, until a worker comes.
    const registry = createMetricsRegistry('api', { processMetrics: true });
    t = await createTestApp('pglite', { AUSCURA_ROLE: 'api' }, { metrics: registry });
    server = await startMetricsServer({ registry, port: 0, host: '127.0.0.1', ready: async () => true });
    ada = (await signIn(t.app, 'ada@riverside.example', 'Auscura-demo-2026')).access_token;
  });
  afterAll(async () => {
    await server?.close();
    await t?.close();
  });

  it('serves request rate, errors and latency per route pattern, with the process series', async () => {
    for (let n = 0; n < 3; n++)
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/config' })).statusCode).toBe(200);
    await t.app.inject({
      method: 'GET',
      url: '/api/v1/exams/00000000-0000-4000-8000-000000000000',
      headers: { authorization: `Bearer ${ada}` },
    });
    await t.app.inject({ method: 'GET', url: '/no/such/thing.js' });
    const families = await scrape(server);
    expect(
      sample(families, 'auscura_http_requests_total', {
        route: '/api/v1/config',
        method: 'GET',
        status_code: '200',
        role: 'api',
      })?.value,
    ).toBe('3');
    // A path with an id counts under its pattern; a path no route matched under 'unmatched'.
    expect(
      sample(families, 'auscura_http_requests_total', { route: '/api/v1/exams/:id', status_code: '404' })?.value,
    ).toBe('1');
    expect(sample(families, 'auscura_http_requests_total', { route: 'unmatched', status_code: '404' })?.value).toBe(
      '1',
    );
    expect(families.get('auscura_http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    expect(histogramCount(lastText, 'auscura_http_request_duration_seconds', { route: '/api/v1/config' })).toBe(3);
    for (const name of [
      'auscura_websocket_connections',
      'auscura_live_exams',
      'nodejs_eventloop_lag_seconds',
      'process_resident_memory_bytes',
      'process_cpu_seconds_total',
    ]) {
      expect(families.get(name), name).toBeDefined();
    }
    expect((await fetch(`http://127.0.0.1:${server.port}/readyz`)).status).toBe(200);
  });

  it('shows the queue growing while no worker runs, and emptying when one does', async () => {
    const heart = await fs.readFile(heartFixture);
    const exam = (await t.database.db.selectFrom('exams').select('id').executeTakeFirstOrThrow()).id;
    const pending = async () =>
      Number(sample(await scrape(server), 'auscura_recording_jobs', { state: 'pending' })?.value);
    const before = await pending();
    for (let n = 0; n < 2; n++) expect((await upload(ada, exam, heart)).statusCode).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(await pending()).toBe(before + 2);
    const families = await scrape(server);
    expect(Number(sample(families, 'auscura_recording_queue_oldest_age_seconds')?.value)).toBeGreaterThan(1);

    // A worker comes (an app of the all role on the same database, with its own metrics).
    const workerRegistry = createMetricsRegistry('all');
    const worker = await buildApp(
      {
        env: { ...t.env, AUSCURA_ROLE: 'all', role: 'all', RECORDING_WORKERS: 1 },
        database: t.database,
        metrics: workerRegistry,
      },
      { logger: false },
    );
    await worker.ready();
    await worker.recordings.processor.whenIdle();
    await worker.close();
    expect(await pending()).toBe(0);
    expect(Number(sample(await scrape(server), 'auscura_recording_queue_oldest_age_seconds')?.value)).toBe(0);
    expect(
      histogramCount(await workerRegistry.metrics(), 'auscura_recording_processing_seconds', { outcome: 'done' }),
    ).toBe(before + 2);
  });
});
