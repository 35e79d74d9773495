import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PatientSession, VirtualExam } from '@auscura/contracts';
import { createTestApp } from './test/test-app.js';
import type { TestApp } from './test/test-app.js';
import { createVirtualExam, patientSession, signInProvider, somePatientOf } from './test/virtual-exams.js';
import { createSelfExamRequest, selfExamLinkSession, selfExamSession, sendSelfExamLink } from './test/self-exams.js';

/**
 * The patient-token matrix (exams-and-devices §6): a patient's session token, sent to every API
 * route, opens only the patient portal's own calls for its own exam; every provider endpoint
 * answers 401 as if no token were given — for the patient's own exam and its exam too. Public
 * routes are listed with what they answer anyway. Adding an API route without a row here fails.
 */
type Expectation = { status: number; errorName?: string };
type Probe = { method: string; url: string; payload?: unknown };
type Context = { virtualExam: VirtualExam; examId: string; selfExamRequestId: string; selfExamLinkId: string };

const refused: Expectation = { status: 401, errorName: 'UNAUTHORIZED' };

/** Public routes: what a patient token gets there (the same as no token, or the patient's own calls). */
const publicRoutes: Record<string, { probe: (c: Context) => Probe; expected: Expectation }> = {
  'GET /api/v1/config': { probe: () => ({ method: 'GET', url: '/api/v1/config' }), expected: { status: 200 } },
  'POST /api/v1/client-errors': {
    probe: () => ({ method: 'POST', url: '/api/v1/client-errors', payload: { message: 'probe' } }),
    expected: { status: 204 },
  },
  'GET /api/v1/healthcare-provider-invitations/:id': {
    probe: () => ({ method: 'GET', url: '/api/v1/healthcare-provider-invitations/no-such-invitation-id-000' }),
    expected: { status: 400, errorName: 'INVALID_HEALTHCARE_PROVIDER_INVITATION' },
  },
  'POST /api/v1/healthcare-providers': {
    probe: () => ({
      method: 'POST',
      url: '/api/v1/healthcare-providers',
      payload: {
        invitationId: 'no-such-invitation-id-000',
        password: 'a-takeover-password-1',
        firstName: 'Mallory',
        lastName: 'Mallory',
        displayName: 'Mallory',
        tcVersion: 1,
      },
    }),
    expected: { status: 400, errorName: 'INVALID_HEALTHCARE_PROVIDER_INVITATION' },
  },
  'GET /api/v1/virtual-exams/access-code/:code': {
    probe: (c) => ({ method: 'GET', url: `/api/v1/virtual-exams/access-code/${c.virtualExam.accessCode}` }),
    expected: { status: 200 },
  },
  'POST /api/v1/virtual-exams/:id/auth': {
    probe: (c) => ({
      method: 'POST',
      url: `/api/v1/virtual-exams/${c.virtualExam.id}/auth`,
      payload: { userName: 'Pat', accessCode: 'WRONGCODE2' },
    }),
    expected: { status: 401, errorName: 'EXPIRED_ACCESS_CODE' },
  },
  'POST /api/v1/virtual-exams/:id/auth/refresh': {
    probe: (c) => ({ method: 'POST', url: `/api/v1/virtual-exams/${c.virtualExam.id}/auth/refresh` }),
    expected: { status: 200 },
  },
  // Self exams (issue 18): a virtual exam's patient token opens nothing of a self exam.
  'POST /api/v1/self-exam-requests/auth': {
    probe: (c) => ({
      method: 'POST',
      url: '/api/v1/self-exam-requests/auth',
      payload: { selfExamRequestId: c.selfExamRequestId, accessCode: 'WRONGCODE2' },
    }),
    expected: { status: 401, errorName: 'EXPIRED_ACCESS_CODE' },
  },
  'POST /api/v1/self-exam-requests/:id/access-codes': {
    probe: () => ({ method: 'POST', url: `/api/v1/self-exam-requests/${crypto.randomUUID()}/access-codes` }),
    expected: { status: 204 },
  },
  'GET /api/v1/self-exam-requests/:id/finalized': {
    probe: (c) => ({ method: 'GET', url: `/api/v1/self-exam-requests/${c.selfExamRequestId}/finalized` }),
    expected: { status: 401, errorName: 'UNAUTHORIZED' },
  },
  'PUT /api/v1/self-exam-requests/:id/auscultation-requests/:arId/auscultation': {
    probe: (c) => ({
      method: 'PUT',
      url: `/api/v1/self-exam-requests/${c.selfExamRequestId}/auscultation-requests/${c.selfExamRequestId}/auscultation`,
    }),
    expected: { status: 401, errorName: 'UNAUTHORIZED' },
  },
  // Patient-initiated self exams: a virtual exam's token opens nothing of a standing link either.
  'POST /api/v1/self-exam-links/auth': {
    probe: (c) => ({
      method: 'POST',
      url: '/api/v1/self-exam-links/auth',
      payload: { selfExamLinkId: c.selfExamLinkId, accessCode: 'WRONGCODE2' },
    }),
    expected: { status: 401, errorName: 'EXPIRED_ACCESS_CODE' },
  },
  'POST /api/v1/self-exam-links/:id/self-exams': {
    probe: (c) => ({
      method: 'POST',
      url: `/api/v1/self-exam-links/${c.selfExamLinkId}/self-exams`,
      payload: { auscultationPoints: ['h1'] },
    }),
    expected: { status: 401, errorName: 'UNAUTHORIZED' },
  },
  'POST /api/v1/realtime/auth/live-exam/:id/potential-participant': {
    probe: (c) => ({
      method: 'POST',
      url: `/api/v1/realtime/auth/live-exam/${c.virtualExam.id}/potential-participant`,
    }),
    expected: { status: 200 },
  },
  // The video room (issue 16): the patient's room token waits for the provider's Admit; the ICE
  // servers are the patient's for its own exam.
  'POST /api/v1/video/rooms/:id/tokens': {
    probe: (c) => ({ method: 'POST', url: `/api/v1/video/rooms/${c.virtualExam.id}/tokens` }),
    expected: { status: 403, errorName: 'UNAUTHORIZED' },
  },
  'GET /api/v1/video/turn-credentials': {
    probe: (c) => ({ method: 'GET', url: `/api/v1/video/turn-credentials?virtualExamId=${c.virtualExam.id}` }),
    // Only once admitted, like the room token (issue 36, item 6).
    expected: { status: 403, errorName: 'UNAUTHORIZED' },
  },
  // The compatibility test (issue 19): public; a patient's session is not a compatibility token.
  'GET /api/v1/video/compatibility-test/token': {
    probe: () => ({ method: 'GET', url: '/api/v1/video/compatibility-test/token' }),
    expected: { status: 200 },
  },
  'POST /api/v1/video/compatibility-test/preflight': {
    probe: () => ({
      method: 'POST',
      url: '/api/v1/video/compatibility-test/preflight',
      payload: { sdp: 'v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n' },
    }),
    expected: { status: 401, errorName: 'UNAUTHORIZED' },
  },
  'GET /api/v1/status': { probe: () => ({ method: 'GET', url: '/api/v1/status' }), expected: { status: 200 } },
  'GET /api/v1/ems/log': { probe: () => ({ method: 'GET', url: '/api/v1/ems/log' }), expected: { status: 200 } },
};

/**
 * Routes whose contract lets a patient session through (`patientSession`): the upload of a remote
 * recording (issue 17). Without its virtual exam it is a provider endpoint like the others; with
 * it, a patient not yet admitted is refused before anything is read, and another exam's session is
 * refused. What an admitted patient may send (its own exam, an open request of that point, once) is
 * in auscultations/remote-upload.test.ts.
 */
const patientSessionRoutes: Record<
  string,
  Array<{ name: string; probe: (c: Context) => Probe; expected: Expectation; selfExam?: Expectation }>
> = {
  'POST /api/v1/exams/:id/auscultations': [
    {
      name: 'without its virtual exam',
      probe: (c) => ({ method: 'POST', url: `/api/v1/exams/${c.examId}/auscultations`, payload: {} }),
      expected: refused,
      selfExam: refused,
    },
    {
      name: 'before the provider admitted the patient',
      probe: (c) => ({
        method: 'POST',
        url: `/api/v1/exams/${c.examId}/auscultations?virtualExamId=${c.virtualExam.id}&auscultationRequestId=r1`,
        payload: {},
      }),
      expected: { status: 403, errorName: 'UNAUTHORIZED' },
      selfExam: refused,
    },
    {
      name: 'naming another virtual exam',
      probe: (c) => ({
        method: 'POST',
        url: `/api/v1/exams/${c.examId}/auscultations?virtualExamId=${crypto.randomUUID()}&auscultationRequestId=r1`,
        payload: {},
      }),
      expected: refused,
      selfExam: refused,
    },
  ],
};

/** Every other route: a provider endpoint. Its parameters name the patient's own exam where they can. */
const providerRoutes = [
  'DELETE /api/v1/auscultations/:id',
  'GET /api/v1/auscultation-reports/:beatawareId',
  'GET /api/v1/auscultations/:id',
  'GET /api/v1/auscultations/:id/earlier',
  'GET /api/v1/auscultations/:id/recording/data',
  'GET /api/v1/auscultations/:id/recording/normalized-data-algo1',
  'GET /api/v1/auscultations/:id/recording/normalized-data-sg',
  'GET /api/v1/auscultations/:id/recording/normalized-data-silenced',
  'GET /api/v1/auscultations/:id/recording/normalized-data-std',
  'GET /api/v1/exams/:id',
  'GET /api/v1/exams/:id/adjacent',
  'GET /api/v1/exams/:id/fhir',
  'GET /api/v1/exams/:id/report.pdf',
  'GET /api/v1/healthcare-providers-overview',
  'GET /api/v1/healthcare-providers/:id',
  'GET /api/v1/healthcare-providers/:id/email-address',
  'GET /api/v1/patient-profiles/:id',
  'GET /api/v1/patient-profiles/:id/self-exam-link',
  'POST /api/v1/patient-profiles/:id/self-exam-link',
  'DELETE /api/v1/patient-profiles/:id/self-exam-link',
  'GET /api/v1/self-exam-arrivals',
  'GET /api/v1/search/council-exams',
  'GET /api/v1/search/exams',
  'GET /api/v1/search/healthcare-providers',
  'GET /api/v1/search/organization-exams',
  'GET /api/v1/search/patient-profiles',
  'GET /api/v1/search/self-exam-requests',
  'GET /api/v1/search/virtual-exams',
  'GET /api/v1/self-exam-requests/:id',
  'GET /api/v1/virtual-exams/:id',
  'GET /api/v1/virtual-exams/:id/exam',
  'PATCH /api/v1/healthcare-providers/:id',
  'PATCH /api/v1/healthcare-providers/:id/password',
  'PATCH /api/v1/patient-profiles/:id',
  'POST /api/v1/exams',
  'POST /api/v1/exams/:id/shares',
  'POST /api/v1/patient-profiles',
  'POST /api/v1/patient-profiles/:id/self-exam-requests',
  'POST /api/v1/realtime/auth/live-exam/:id/authorized-participant',
  'POST /api/v1/self-exam-requests/:id/emails',
  'POST /api/v1/virtual-exams',
  'POST /api/v1/virtual-exams/:id/invitations',
  'PUT /api/v1/exams/:id/enhanced-notes',
  'PUT /api/v1/exams/:id/notes',
  'PUT /api/v1/exams/:id/reviewed',
  'PUT /api/v1/healthcare-providers/:id/email-address',
  'PUT /api/v1/virtual-exams/:id/exam',
  'POST /api/v1/video/rooms',
];

function providerProbe(route: string, c: Context): Probe {
  const [method, pattern] = route.split(' ') as [string, string];
  const id = pattern.includes('/exams/:id') && !pattern.includes('virtual-exams') ? c.examId : c.virtualExam.id;
  const url = pattern
    .replace(':id', id)
    .replace(':beatawareId', 'report-1')
    .replace(/:[A-Za-z]+/g, c.virtualExam.patientProfileId);
  return { method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} };
}

describe('a patient’s session token', () => {
  let t: TestApp;
  let context: Context;
  let session: PatientSession;
  let selfExamToken: string;
  let selfExamLinkToken: string;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    const ada = await signInProvider(t.app, 'ada@riverside.example');
    const virtualExam = await createVirtualExam(t.app, ada, await somePatientOf(t.app, ada));
    const exam = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/virtual-exams/${virtualExam.id}/exam`,
      headers: { authorization: `Bearer ${ada.token}` },
    });
    const selfExam = await createSelfExamRequest(t.app, ada, virtualExam.patientProfileId);
    const link = await sendSelfExamLink(t.app, ada, virtualExam.patientProfileId);
    context = {
      virtualExam,
      examId: (exam.json() as { id: string }).id,
      selfExamRequestId: selfExam.id,
      selfExamLinkId: link.selfExamLink.id,
    };
    session = await patientSession(t.app, virtualExam);
    selfExamToken = (await selfExamSession(t.app, selfExam)).token;
    selfExamLinkToken = (await selfExamLinkSession(t.app, { id: link.selfExamLink.id, accessCode: link.accessCode }))
      .token;
  });
  afterAll(async () => t?.close());

  it('has a row for every API route the app registers', () => {
    const registered = [...new Set(t.app.registeredRoutes.filter((r) => r.split(' ')[1]!.startsWith('/api/v1/')))];
    expect([...Object.keys(publicRoutes), ...Object.keys(patientSessionRoutes), ...providerRoutes].sort()).toEqual(
      registered.sort(),
    );
  });

  for (const route of providerRoutes) {
    it(`is refused by ${route}`, async () => {
      const probe = providerProbe(route, context);
      const response = await t.app.inject({
        ...probe,
        headers: { authorization: `Bearer ${session.token}` },
      } as never);
      expect(response.statusCode).toBe(refused.status);
      expect(response.json()).toMatchObject({ name: refused.errorName });
    });
  }

  // A self-exam patient token: the same refusal everywhere a provider is expected.
  for (const route of providerRoutes) {
    it(`is refused by ${route} (self-exam token)`, async () => {
      const response = await t.app.inject({
        ...providerProbe(route, context),
        headers: { authorization: `Bearer ${selfExamToken}` },
      } as never);
      expect(response.statusCode).toBe(refused.status);
      expect(response.json()).toMatchObject({ name: refused.errorName });
    });
  }

  // A standing self-exam link's patient token: the same again.
  for (const route of providerRoutes) {
    it(`is refused by ${route} (self-exam link token)`, async () => {
      const response = await t.app.inject({
        ...providerProbe(route, context),
        headers: { authorization: `Bearer ${selfExamLinkToken}` },
      } as never);
      expect(response.statusCode).toBe(refused.status);
      expect(response.json()).toMatchObject({ name: refused.errorName });
    });
  }

  for (const [route, rows] of Object.entries(patientSessionRoutes)) {
    for (const row of rows) {
      it(`gets what it should from ${route} ${row.name}`, async () => {
        for (const [token, expected] of [
          [session.token, row.expected],
          [selfExamToken, row.selfExam ?? refused],
          [selfExamLinkToken, row.selfExam ?? refused],
        ] as const) {
          const response = await t.app.inject({
            ...row.probe(context),
            headers: { authorization: `Bearer ${token}` },
          } as never);
          expect(response.statusCode).toBe(expected.status);
          if (expected.errorName) expect(response.json()).toMatchObject({ name: expected.errorName });
        }
      });
    }
  }

  for (const [route, row] of Object.entries(publicRoutes)) {
    it(`gets what it should from ${route}`, async () => {
      const response = await t.app.inject({
        ...row.probe(context),
        headers: { authorization: `Bearer ${session.token}` },
      } as never);
      expect(response.statusCode).toBe(row.expected.status);
      if (row.expected.errorName) expect(response.json()).toMatchObject({ name: row.expected.errorName });
    });
  }
});
