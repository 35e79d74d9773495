import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachDemoRecordings, findDemoFixturesFolder } from './seed/demo-recordings.js';
import { backends, createTestApp } from './test/test-app.js';
import type { TestApp } from './test/test-app.js';
import { signIn } from './test/sign-in.js';
import { callerId, matrix, q, today } from './test/visibility-matrix.js';
import type { Caller, OrgRecords } from './test/visibility-matrix.js';

// The cross-organization matrix itself, one row per API route, is in test/visibility-matrix.ts.
describe.each(backends)('who sees what across organizations, on %s', (backend) => {
  let t: TestApp;
  let riverside: OrgRecords;
  let lakeside: OrgRecords;
  let ada: Caller;
  let ben: Caller;
  const secrets: Record<string, string[]> = {};

  async function records(name: string): Promise<OrgRecords> {
    const db = t.database.db;
    const org = await db.selectFrom('organizations').select('id').where('name', '=', name).executeTakeFirstOrThrow();
    const exam = await db
      .selectFrom('exams as e')
      .innerJoin('auscultations as a', 'a.exam_id', 'e.id')
      .select([
        'e.id as examId',
        'e.patient_profile_id as patientProfileId',
        'a.id as auscultationId',
        'e.healthcare_provider_id as providerId',
      ])
      .where('e.organization_id', '=', org.id)
      .orderBy('e.date_created', 'desc')
      .executeTakeFirstOrThrow();
    const patients = await db
      .selectFrom('patient_profiles')
      .selectAll()
      .where('organization_id', '=', org.id)
      .execute();
    secrets[org.id] = patients.flatMap((p) => [
      `${p.first_name} ${p.last_name}`,
      p.email_address,
      ...(p.birthdate ? [`"birthdate":"${p.birthdate}"`] : []),
    ]);
    return { organizationId: org.id, ...exam };
  }

  beforeAll(async () => {
    t = await createTestApp(backend);
    riverside = await records('Riverside Cardiology');
    lakeside = await records('Lakeside Pulmonology');
    // Real recordings (and reports) for the two auscultations the matrix probes.
    const { store, processor } = t.app.recordings;
    await attachDemoRecordings({
      db: t.database.db,
      store,
      processor,
      folder: findDemoFixturesFolder()!,
      only: [riverside.auscultationId, lakeside.auscultationId],
    });
    await processor.whenIdle();
    for (const org of [riverside, lakeside]) {
      const row = await t.database.db
        .selectFrom('auscultations')
        .select('beataware_id')
        .where('id', '=', org.auscultationId)
        .executeTakeFirstOrThrow();
      org.beatawareId = row.beataware_id!;
    }
    ada = {
      token: (await signIn(t.app, 'ada@riverside.example', 'Auscura-demo-2026')).access_token,
      own: riverside,
      other: lakeside,
      council: true,
    };
    ben = {
      token: (await signIn(t.app, 'ben@lakeside.example', 'Auscura-demo-2026')).access_token,
      own: lakeside,
      other: riverside,
      council: false,
    };
    // Each organization's provider asks its own patient for a self exam; its code is a secret too.
    for (const caller of [ada, ben]) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/patient-profiles/${caller.own.patientProfileId}/self-exam-requests`,
        payload: { healthcareProviderId: callerId(caller), examDate: today(), auscultationPoints: ['h1', 'l1'] },
        headers: { authorization: `Bearer ${caller.token}` },
      });
      expect(response.statusCode).toBe(201);
      const created = response.json() as { id: string; accessCode: string };
      caller.own.selfExamRequestId = created.id;
      secrets[caller.own.organizationId]!.push(created.accessCode);
      const link = await t.app.inject({
        method: 'POST',
        url: `/api/v1/patient-profiles/${caller.own.patientProfileId}/self-exam-link`,
        payload: {},
        headers: { authorization: `Bearer ${caller.token}` },
      });
      expect(link.statusCode).toBe(201);
      const sentLink = link.json() as { selfExamLink: { id: string }; accessCode: string };
      caller.own.selfExamLinkId = sentLink.selfExamLink.id;
      secrets[caller.own.organizationId]!.push(sentLink.accessCode);
      const virtualExam = await t.app.inject({
        method: 'POST',
        url: '/api/v1/virtual-exams',
        payload: {
          healthcareProviderId: callerId(caller),
          patientProfileId: caller.own.patientProfileId,
          timeZone: 'UTC',
        },
        headers: { authorization: `Bearer ${caller.token}` },
      });
      expect(virtualExam.statusCode).toBe(201);
      const scheduled = virtualExam.json() as { id: string; accessCode: string };
      caller.own.virtualExamId = scheduled.id;
      secrets[caller.own.organizationId]!.push(scheduled.accessCode);
    }
  });
  afterAll(async () => t?.close());

  it('has a row for every API route the app registers', () => {
    const apiRoutes = t.app.registeredRoutes.filter((r) => r.split(' ')[1]!.startsWith('/api/v1/')).sort();
    expect(Object.keys(matrix).sort()).toEqual([...new Set(apiRoutes)]);
  });

  for (const [name, row] of Object.entries(matrix)) {
    it(`${name}: answers as expected and leaks no patient of the other organization`, async () => {
      for (const caller of [ada, ben]) {
        const request = row.request(caller);
        const response = await t.app.inject({
          ...request,
          headers: { ...request.headers, authorization: `Bearer ${caller.token}` },
        } as never);
        const expected = caller.council ? row.council : row.plain;
        expect(response.statusCode, `${name} as ${caller === ada ? 'Ada' : 'Ben'}`).toBe(expected.status);
        if (expected.errorName) expect(response.json()).toMatchObject({ name: expected.errorName });
        for (const secret of secrets[caller.other.organizationId]!) {
          expect(response.body, `${name} leaked ${secret}`).not.toContain(secret);
        }
        if (response.statusCode === 200 && response.body.includes('"items"')) {
          for (const item of response.json().items as {
            organizationId?: string;
            patientMasked?: boolean;
            patientProfile?: unknown;
          }[]) {
            if (item.organizationId === caller.other.organizationId && 'patientMasked' in item) {
              expect(item.patientMasked).toBe(true);
              expect(item.patientProfile).toBeUndefined();
            }
          }
        }
      }
    });
  }

  it('shows council members other organizations’ exams, masked, and their own in full', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/search/council-exams${q({ joinedLoads: ['patientProfile'], pagination: { pageNumber: 1, pageSize: 100 } })}`,
      headers: { authorization: `Bearer ${ada.token}` },
    });
    const items = response.json().items as {
      organizationId: string;
      patientMasked: boolean;
      patientProfile?: { fullName: string };
    }[];
    expect(items.some((item) => item.organizationId === lakeside.organizationId && item.patientMasked)).toBe(true);
    expect(
      items.some((item) => item.organizationId === riverside.organizationId && item.patientProfile?.fullName),
    ).toBe(true);
  });
});
