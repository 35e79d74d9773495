import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '@auscura/audio-engine';
import { apiBasePath, encodeListQuery } from '@auscura/contracts';
import type { ListQueryInput } from '@auscura/contracts';
import { auscultationUpload } from './test/multipart.js';
import { adaWithRecords } from './test/ada-records.js';
import { backends, createTestApp } from './test/test-app.js';
import type { TestApp } from './test/test-app.js';

/**
 * The 37 answers of 500 that probing a fresh `npm start` with malformed input found (issue 23),
 * each a named case: every one is now a clear client error (400 INVALID_DATA), and the server
 * goes on answering.
 */
type Ids = { providerId: string; patientProfileId: string; examId: string; selfExamRequestId: string };
type Case = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  url: (ids: Ids) => string;
  payload?: (ids: Ids) => unknown;
  /** Signed in as Ada unless false. */
  auth?: false;
  raw?: (ids: Ids) => { payload: Buffer; headers: Record<string, string> };
};

const q = (query: ListQueryInput) => `q=${encodeURIComponent(encodeListQuery(query))}`;
const nul = 'Ada\u0000Lovelace';
const lists = ['/search/patient-profiles', '/search/exams', '/search/healthcare-providers'];
const examLists = ['/search/exams', '/search/organization-exams', '/search/council-exams'];
const wav = Buffer.from(encodeWav([new Float32Array(4000)], 4000));

const cases: Record<string, Case> = {};
for (const field of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
  for (const list of lists) {
    cases[`q filter on the field ${field} of ${list}`] = {
      method: 'GET',
      url: () => `${apiBasePath}${list}?${q({ filters: [{ field, op: 'eq', value: 'x' }] })}`,
    };
  }
}
for (const value of ['1', '+275760-09-13T00:00:00.000Z']) {
  for (const list of examLists) {
    cases[`dateCreated ${JSON.stringify(value)} on ${list}`] = {
      method: 'GET',
      url: () => `${apiBasePath}${list}?${q({ filters: [{ field: 'dateCreated', op: 'gte', value }] })}`,
    };
  }
}
for (const list of examLists) {
  cases[`an in filter with an empty list on ${list}`] = {
    method: 'GET',
    url: () => `${apiBasePath}${list}?${q({ filters: [{ field: 'type', op: 'in', value: [] }] })}`,
  };
}
const textCases: Record<string, Case> = {
  'a NUL byte in the invitation id of the unauthenticated POST /healthcare-providers': {
    method: 'POST',
    auth: false,
    url: () => `${apiBasePath}/healthcare-providers`,
    payload: () => ({
      invitationId: 'a\u0000b',
      password: 'a-long-enough-password-1',
      firstName: 'Nora',
      lastName: 'Newman',
      displayName: 'Nora',
      tcVersion: 1,
    }),
  },
  'a NUL byte in the unauthenticated GET /healthcare-provider-invitations/a%00b': {
    method: 'GET',
    auth: false,
    url: () => `${apiBasePath}/healthcare-provider-invitations/a%00b`,
  },
  'a NUL byte in the message of the unauthenticated POST /client-errors': {
    method: 'POST',
    auth: false,
    url: () => `${apiBasePath}/client-errors`,
    payload: () => ({ message: nul }),
  },
  'a NUL byte in exam notes': {
    method: 'PUT',
    url: (ids) => `${apiBasePath}/exams/${ids.examId}/notes`,
    payload: () => ({ value: nul }),
  },
  'a NUL byte in a share address': {
    method: 'POST',
    url: (ids) => `${apiBasePath}/exams/${ids.examId}/shares`,
    payload: () => ({ emailAddress: 'a\u0000@example.org' }),
  },
  'a NUL byte in a new patient name': {
    method: 'POST',
    url: () => `${apiBasePath}/patient-profiles`,
    payload: () => ({ firstName: nul, lastName: 'Lovelace', emailAddress: 'n@example.org', birthdate: '1980-01-01' }),
  },
  'a NUL byte in a patient name change': {
    method: 'PATCH',
    url: (ids) => `${apiBasePath}/patient-profiles/${ids.patientProfileId}`,
    payload: () => ({ lastName: nul }),
  },
  'a NUL byte in the provider’s names': {
    method: 'PATCH',
    url: (ids) => `${apiBasePath}/healthcare-providers/${ids.providerId}`,
    payload: () => ({ firstName: nul, lastName: 'Lovelace', displayName: 'Ada' }),
  },
  'a NUL byte in a new password': {
    method: 'PATCH',
    url: (ids) => `${apiBasePath}/healthcare-providers/${ids.providerId}/password`,
    payload: () => ({ password: 'a-long\u0000-password-1', currentPassword: 'Auscura-demo-2026' }),
  },
  'a NUL byte in a new sign-in address': {
    method: 'PUT',
    url: (ids) => `${apiBasePath}/healthcare-providers/${ids.providerId}/email-address`,
    payload: () => ({ emailAddress: 'ada\u0000@riverside.example', currentPassword: 'Auscura-demo-2026' }),
  },
  'a NUL byte in self-exam instructions': {
    method: 'POST',
    url: (ids) => `${apiBasePath}/patient-profiles/${ids.patientProfileId}/self-exam-requests`,
    payload: (ids) => ({
      healthcareProviderId: ids.providerId,
      examDate: new Date().toISOString().slice(0, 10),
      instructions: nul,
      auscultationPoints: ['h1'],
    }),
  },
  'a NUL byte in the self-exam access-info address': {
    method: 'POST',
    url: (ids) => `${apiBasePath}/self-exam-requests/${ids.selfExamRequestId}/emails`,
    payload: () => ({ emailAddress: 'p\u0000@example.org' }),
  },
  'a NUL byte in a patient search': {
    method: 'GET',
    url: () =>
      `${apiBasePath}/search/patient-profiles?${q({ filters: [{ field: 'search', op: 'like', value: nul }] })}`,
  },
  'a NUL byte in a joined load of an exam': {
    method: 'GET',
    url: (ids) => `${apiBasePath}/exams/${ids.examId}?${q({ joinedLoads: [nul] })}`,
  },
  'a NUL byte in the device label of an upload': {
    method: 'POST',
    url: (ids) => `${apiBasePath}/exams/${ids.examId}/auscultations`,
    raw: () => auscultationUpload({ auscultationPoint: { type: 'heart', label: 'h1' }, deviceLabel: nul }, wav),
  },
  'a multipart upload without its closing boundary': {
    method: 'POST',
    url: (ids) => `${apiBasePath}/exams/${ids.examId}/auscultations`,
    raw: () => {
      const upload = auscultationUpload({ auscultationPoint: { type: 'heart', label: 'h1' } }, wav);
      const text = upload.payload.toString('latin1');
      return { ...upload, payload: Buffer.from(text.slice(0, text.lastIndexOf('--', text.length - 3)), 'latin1') };
    },
  },
};
Object.assign(cases, textCases);

describe.each(backends)('the 37 bad requests that answered 500, on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let ids: Ids;

  beforeAll(async () => {
    t = await createTestApp(backend);
    const records = await adaWithRecords(t);
    token = records.token;
    ids = records;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('are 37', () => {
    expect(Object.keys(cases)).toHaveLength(37);
  });

  it.each(Object.entries(cases))('%s answers 400 INVALID_DATA', async (_name, c) => {
    const raw = c.raw?.(ids);
    const response = await t.app.inject({
      method: c.method,
      url: c.url(ids),
      headers: { ...(c.auth === false ? {} : { authorization: `Bearer ${token}` }), ...raw?.headers },
      ...(raw ? { payload: raw.payload } : c.payload ? { payload: c.payload(ids) as object } : {}),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ type: 9, name: 'INVALID_DATA' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});
