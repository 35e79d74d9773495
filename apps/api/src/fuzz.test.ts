import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '@auscura/audio-engine';
import { apiBasePath } from '@auscura/contracts';
import type { Endpoint, PatientSession } from '@auscura/contracts';
import { runOperatorCommand } from './operator/commands.js';
import { contractEndpoints } from './test/fuzz/contract-endpoints.js';
import { forgedAuthorization } from './test/fuzz/bad-values.js';
import { databaseFingerprint, fuzzEndpoint } from './test/fuzz/harness.js';
import type { FuzzPrincipal } from './test/fuzz/harness.js';
import type { FuzzContext } from './test/fuzz/bad-requests.js';
import { adaWithRecords } from './test/ada-records.js';
import { backends, createTestApp } from './test/test-app.js';
import { createVirtualExam, patientSession } from './test/virtual-exams.js';
import { sendSelfExamLink } from './test/self-exams.js';
import type { TestApp } from './test/test-app.js';

/**
 * Generated bad input for every /api/v1 endpoint, derived from the contract (issue 23): as a
 * signed-in provider, as a patient (a virtual exam's session token, for that exam) and
 * unauthenticated, every answer is a catalogue error or — for a valid read — what the contract
 * says, and no row changes. `npm run fuzz:api` runs more (FUZZ_RUNS). A self-exam request's patient
 * token (POST /self-exam-requests/auth, issue 18) and a standing self-exam link's (POST
 * /self-exam-links/auth) are not yet principals of their own: their endpoints are fuzzed here with
 * the three above; their valid-token cases are in self-exams/ and self-exam-links/routes.test.ts.
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
  const sent: Record<string, Record<string, number>> = {};
  // The patient's session lasts 10 minutes: it is renewed, as the patient's page does, when it ages.
  let patient: { session: PatientSession; issuedAt: number };
  let virtualExamId: string;
  async function freshPatientSession() {
    if (Date.now() - patient.issuedAt < 4 * 60_000) return;
    const response = await t.app.inject({
      method: 'POST',
      url: `${apiBasePath}/virtual-exams/${virtualExamId}/auth/refresh`,
      headers: { authorization: `Bearer ${patient.session.token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    patient = { session: response.json() as PatientSession, issuedAt: Date.now() };
  }
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
    // A virtual exam started now for Ada's patient, and its patient signed in with the access code.
    const virtualExam = await createVirtualExam(
      t.app,
      { token, id: records.providerId, organizationId: records.organizationId },
      records.patientProfileId,
    );
    virtualExamId = virtualExam.id;
    patient = { session: await patientSession(t.app, virtualExam), issuedAt: Date.now() };
    // The patient's standing self-exam link, so its calls are fuzzed against a real link too.
    const link = await sendSelfExamLink(
      t.app,
      { token, id: records.providerId, organizationId: records.organizationId },
      records.patientProfileId,
    );
    const ids: Record<string, string> = {
      exams: records.examId,
      auscultations: records.auscultationId,
      'patient-profiles': records.patientProfileId,
      'healthcare-providers': records.providerId,
      'self-exam-requests': records.selfExamRequestId,
      'self-exam-links': link.selfExamLink.id,
      'healthcare-provider-invitations': /t=([\w-]+)/.exec(invitation)![1]!,
      // The patient's own exam, where a patient token opens something (and a provider's too).
      'virtual-exams': virtualExam.id,
      'live-exam': virtualExam.id,
    };
    context = {
      idFor: (segment) => ids[segment],
      wav: Buffer.from(encodeWav([new Float32Array(4000)], 4000)),
    };
    // One entry per kind of caller; every endpoint is fuzzed as each.
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
      {
        name: 'patient',
        // Read when each request is generated: the current (renewed) session token.
        headers: fc.constant(null).map(() => ({ authorization: `Bearer ${patient.session.token}` })),
        // The patient portal's calls are the public ones; provider endpoints refuse a patient token at once.
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

  it("fuzzes as a real patient: the token renews its own exam's session and is refused elsewhere", async () => {
    const as = (url: string, method: 'GET' | 'POST' = 'POST') =>
      t.app.inject({ method, url, headers: { authorization: `Bearer ${patient.session.token}` } });
    expect((await as(`${apiBasePath}/virtual-exams/${virtualExamId}/auth/refresh`)).statusCode).toBe(200);
    expect((await as(`${apiBasePath}/virtual-exams/${virtualExamId}`, 'GET')).statusCode).toBe(401);
  });

  it.each(endpoints.map((entry) => [entry.key, entry] as const))(
    'answers generated bad input to %s with client errors only',
    async (key, entry) => {
      if (!t.app.registeredRoutes.includes(key)) return; // In the contract, not served yet.
      await freshPatientSession();
      sent[key] = await fuzzEndpoint({ app: t.app, endpoint: entry.endpoint, context, principals, seed });
      expect(sent[key].provider).toBeGreaterThanOrEqual(backend === 'pglite' ? Math.min(runs, 200) : 1);
      for (const principal of principals)
        expect(sent[key][principal.name], principal.name).toBeGreaterThanOrEqual(principal.runs(entry.endpoint));
    },
    120_000,
  );

  it('changed no row, and the server still answers', async () => {
    expect(await databaseFingerprint(t.database.db)).toEqual(before);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    const served = t.app.registeredRoutes.filter((key) => key.includes(` ${apiBasePath}/`));
    expect(Object.keys(sent).sort()).toEqual([...new Set(served)].sort());
    // Each endpoint was fuzzed as every kind of caller, the patient included.
    for (const key of Object.keys(sent))
      expect(Object.keys(sent[key]!).sort(), key).toEqual(principals.map((principal) => principal.name).sort());
  });
});
