import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '@auscura/audio-engine';
import { apiBasePath } from '@auscura/contracts';
import type { Endpoint } from '@auscura/contracts';
import { runOperatorCommand } from './operator/commands.js';
import { contractEndpoints } from './test/fuzz/contract-endpoints.js';
import { forgedAuthorization } from './test/fuzz/bad-values.js';
import { databaseFingerprint, fuzzEndpoint } from './test/fuzz/harness.js';
import type { FuzzPrincipal } from './test/fuzz/harness.js';
import type { FuzzContext } from './test/fuzz/bad-requests.js';
import { adaWithRecords } from './test/ada-records.js';
import { backends, createTestApp } from './test/test-app.js';
import type { TestApp } from './test/test-app.js';

/**
 * Generated bad input for every /api/v1 endpoint, derived from the contract (issue 23): as a
 * signed-in provider and unauthenticated, every answer is a catalogue error or — for a valid read
 * — what the contract says, and no row changes. `npm run fuzz:api` runs more (FUZZ_RUNS).
 * PostgreSQL gets a quarter of the requests: the checks are the same, the database differs.
 */
const runs = Number(process.env.FUZZ_RUNS ?? 200);
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const endpoints = [...contractEndpoints().values()];

describe.each(backends)('generated bad input on %s', (backend) => {
  let t: TestApp;
  let context: FuzzContext;
  let principals: FuzzPrincipal[];
  let before: Record<string, string>;
  const sent: Record<string, number> = {};
  const perEndpoint = backend === 'pglite' ? runs : Math.ceil(runs / 4);

  beforeAll(async () => {
    t = await createTestApp(backend);
    const db = t.database.db;
    const records = await adaWithRecords(t);
    const token = records.token;
    const invitation = await runOperatorCommand(
      { db, publicUrl: t.env.publicUrl, tcVersion: t.env.TC_VERSION },
      { command: 'invite', email: 'fuzz.invitee@example.org', org: 'Riverside Cardiology', expiresInDays: 7 },
    );
    const ids: Record<string, string> = {
      exams: records.examId,
      auscultations: records.auscultationId,
      'patient-profiles': records.patientProfileId,
      'healthcare-providers': records.providerId,
      'self-exam-requests': records.selfExamRequestId,
      'healthcare-provider-invitations': /t=([\w-]+)/.exec(invitation)![1]!,
    };
    context = {
      idFor: (segment) => ids[segment],
      wav: Buffer.from(encodeWav([new Float32Array(4000)], 4000)),
    };
    // One entry per kind of caller. A patient's token (virtual exam, self exam) joins as one more
    // entry whose headers carry that token; every endpoint is then fuzzed as that patient too.
    principals = [
      { name: 'provider', headers: fc.constant({ authorization: `Bearer ${token}` }), runs: () => perEndpoint },
      {
        name: 'unauthenticated',
        headers: forgedAuthorization(token).map((value): Record<string, string> =>
          value === undefined ? {} : { authorization: value },
        ),
        // Protected endpoints refuse these callers before reading input: fewer runs show that.
        runs: (endpoint: Endpoint) => (endpoint.public ? perEndpoint : Math.ceil(perEndpoint / 4)),
      },
    ];
    before = await databaseFingerprint(db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('derives a generator from the contract for every registered /api/v1 route', () => {
    const known = new Set(endpoints.map((entry) => entry.key));
    const uncovered = t.app.registeredRoutes.filter((key) => key.includes(` ${apiBasePath}/`) && !known.has(key));
    expect(uncovered, 'routes the contract (and so the fuzzer) does not describe').toEqual([]);
  });

  it.each(endpoints.map((entry) => [entry.key, entry] as const))(
    'answers generated bad input to %s with client errors only',
    async (key, entry) => {
      if (!t.app.registeredRoutes.includes(key)) return; // In the contract, not served yet.
      sent[key] = await fuzzEndpoint({ app: t.app, endpoint: entry.endpoint, context, principals, seed });
      expect(sent[key]).toBeGreaterThanOrEqual(backend === 'pglite' ? Math.min(runs, 200) : 1);
    },
    120_000,
  );

  it('changed no row, and the server still answers', async () => {
    expect(await databaseFingerprint(t.database.db)).toEqual(before);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    const served = t.app.registeredRoutes.filter((key) => key.includes(` ${apiBasePath}/`));
    expect(Object.keys(sent).sort()).toEqual([...new Set(served)].sort());
  });
});
