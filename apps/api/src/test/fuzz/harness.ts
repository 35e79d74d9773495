import fc from 'fast-check';
import { ErrorCode, apiErrorSchema } from '@auscura/contracts';
import type { Endpoint } from '@auscura/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import { badRequests } from './bad-requests.js';
import type { FuzzContext, FuzzRequest } from './bad-requests.js';

/**
 * Who sends the requests. Each kind of caller the API knows is one principal; a new kind (a
 * patient's token for a virtual exam or self exam) is one more entry with its own headers.
 */
export type FuzzPrincipal = {
  name: string;
  /** Headers for one request (an arbitrary, so forged tokens can vary). */
  headers: fc.Arbitrary<Record<string, string>>;
  /** Requests per endpoint for this principal. */
  runs(endpoint: Endpoint): number;
};

/** What is wrong with an answer, or undefined when it is what the contract allows. */
function problemWithAnswer(request: FuzzRequest, endpoint: Endpoint, response: LightMyRequestResponse) {
  const status = response.statusCode;
  if (status >= 500) return `server error ${status}: ${response.body.slice(0, 300)}`;
  if (status >= 400) {
    let body: unknown;
    try {
      body = response.json();
    } catch {
      return `${status} without a JSON body: ${response.body.slice(0, 200)}`;
    }
    const parsed = apiErrorSchema.safeParse(body);
    if (!parsed.success) return `${status} is not a catalogue error: ${response.body.slice(0, 200)}`;
    if (ErrorCode[parsed.data.name] !== parsed.data.type) return `error type and name disagree: ${response.body}`;
    return undefined;
  }
  if (request.mustRefuse) return `a bad request was answered ${status}: ${response.body.slice(0, 200)}`;
  if (status >= 300) return `unexpected redirect ${status}`;
  const schema = endpoint.responses[status];
  if (!schema) return `status ${status} is not in the contract`;
  if (String(response.headers['content-type'] ?? '').startsWith('application/json')) {
    const result = schema.safeParse(response.json());
    if (!result.success)
      return `the ${status} answer does not match the contract: ${result.error.message.slice(0, 300)}`;
  }
  return undefined;
}

/** Sends one generated request through the app (a fresh client address each time, so throttles spread). */
export async function send(app: FastifyInstance, request: FuzzRequest): Promise<LightMyRequestResponse> {
  return app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: request.headers,
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
    remoteAddress: `10.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}`,
  });
}

/**
 * Runs `runs` generated requests per principal against one endpoint, with fast-check (a failure
 * is shrunk to the smallest request that still fails, and reports its seed). Returns the count
 * sent by each principal.
 */
export async function fuzzEndpoint(options: {
  app: FastifyInstance;
  endpoint: Endpoint;
  context: FuzzContext;
  principals: FuzzPrincipal[];
  seed?: number;
}): Promise<Record<string, number>> {
  const sentBy: Record<string, number> = {};
  for (const principal of options.principals) {
    let sent = 0;
    const numRuns = principal.runs(options.endpoint);
    const arbitrary = fc.tuple(badRequests(options.endpoint, options.context), principal.headers);
    await fc.assert(
      fc.asyncProperty(arbitrary, async ([generated, headers]) => {
        const request: FuzzRequest = {
          ...generated,
          headers: {
            ...headers,
            ...(generated.contentType !== undefined ? { 'content-type': generated.contentType } : {}),
          },
        };
        const response = await send(options.app, request);
        sent++;
        const problem = problemWithAnswer(request, options.endpoint, response);
        if (problem) {
          throw new Error(
            `${principal.name}: ${request.method} ${request.url.slice(0, 300)} [${request.defects.join('; ')}] → ${problem}`,
          );
        }
      }),
      { numRuns, seed: options.seed, endOnFailure: false },
    );
    sentBy[principal.name] = sent;
  }
  return sentBy;
}

/**
 * Tables refused requests may change: the throttles count failures; reads add audit entries (and move the chain's
 * head); each API process renews its realtime lease every few seconds whatever the requests.
 */
const changingTables = new Set([
  'sign_in_failures',
  'audit_log',
  'audit_chain_head',
  'schema_migrations',
  'realtime_servers',
]);

/**
 * A fingerprint of every row the API keeps, so a test can show that refused requests changed
 * nothing: a digest per table, plus the audit entries that record changes (reads add entries).
 */
export async function databaseFingerprint(db: Db): Promise<Record<string, string>> {
  const tables = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(db);
  const fingerprint: Record<string, string> = {};
  for (const { name } of tables.rows) {
    if (changingTables.has(name)) continue;
    const row = await sql<{ digest: string | null; n: number }>`
      SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest, count(*)::int AS n FROM ${sql.table(name)} t`.execute(
      db,
    );
    fingerprint[name] = `${row.rows[0]?.n}:${row.rows[0]?.digest ?? '-'}`;
  }
  // Reads, lists and exports (issue 38: an exam's FHIR bundle or PDF report) record who saw what; they change nothing.
  const changes = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM audit_log WHERE action NOT IN ('read', 'list', 'export')`.execute(db);
  fingerprint['audit_log (changes)'] = String(changes.rows[0]?.n);
  return fingerprint;
}
