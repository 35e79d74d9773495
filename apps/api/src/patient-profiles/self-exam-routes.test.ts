import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import path from 'node:path';
import { selfExamRequestSchema } from '@auscura/contracts';
import { backends, createTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { signIn, signInProvider } from '../test/sign-in.js';
import type { ProviderSession } from '../test/sign-in.js';

describe.each(backends)('patient profiles on %s', (backend) => {
  let t: TestApp;
  let ada: ProviderSession;
  let benToken: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    ada = await signInProvider(t.app, 'ada@riverside.example', 'Auscura-demo-2026');
    benToken = (await signIn(t.app, 'ben@lakeside.example', 'Auscura-demo-2026')).access_token;
  });
  afterAll(async () => t?.close());

  describe('self-exam requests', () => {
    let patientId: string;
    beforeAll(async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/patient-profiles',
        payload: {
          firstName: 'Self',
          lastName: 'Examiner',
          emailAddress: 'self.examiner@example.org',
          birthdate: '1970-01-01',
        },
        headers: { authorization: `Bearer ${ada.token}` },
      });
      patientId = (response.json() as { id: string }).id;
    });
    const today = () => new Date().toISOString().slice(0, 10);
    const request = (token: string, id: string, payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/patient-profiles/${id}/self-exam-requests`,
        payload,
        headers: { authorization: `Bearer ${token}` },
      });
    const body = (overrides: Record<string, unknown> = {}) => ({
      healthcareProviderId: ada.id,
      examDate: today(),
      instructions: 'Sit quietly for five minutes first.',
      auscultationPoints: ['h1', 'h4', 'l2'],
      ...overrides,
    });

    it('stores the request with every field, a random access code and the patient link', async () => {
      const response = await request(ada.token, patientId, body());
      expect(response.statusCode).toBe(201);
      const created = selfExamRequestSchema.parse(response.json());
      expect(created).toMatchObject({
        patientProfileId: patientId,
        healthcareProviderId: ada.id,
        organizationId: ada.organizationId,
        examDate: today(),
        instructions: 'Sit quietly for five minutes first.',
        auscultationPoints: ['h1', 'h4', 'l2'],
        link: `http://localhost:8080/self-exam/${created.id}`,
        finalizedAt: null,
      });
      expect(created.accessCode).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{10}$/);
      const row = await t.database.db
        .selectFrom('self_exam_requests')
        .selectAll()
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        organization_id: ada.organizationId,
        patient_profile_id: patientId,
        healthcare_provider_id: ada.id,
        exam_date: today(),
        instructions: 'Sit quietly for five minutes first.',
        auscultation_points: ['h1', 'h4', 'l2'],
        access_code: created.accessCode,
        link: created.link,
        finalized_at: null,
      });
      const again = selfExamRequestSchema.parse((await request(ada.token, patientId, body())).json());
      expect(again.accessCode).not.toBe(created.accessCode);
      // Read back through the API, and audited.
      const read = await t.app.inject({
        method: 'GET',
        url: `/api/v1/self-exam-requests/${created.id}`,
        headers: { authorization: `Bearer ${ada.token}` },
      });
      expect(selfExamRequestSchema.parse(read.json())).toEqual(created);
      const audit = await t.database.db
        .selectFrom('audit_log')
        .select(['action', 'patient_profile_id'])
        .where('target_id', '=', created.id)
        .execute();
      expect(audit).toEqual(
        expect.arrayContaining([
          { action: 'create', patient_profile_id: patientId },
          { action: 'read', patient_profile_id: patientId },
        ]),
      );
    });

    it('keeps instructions optional', async () => {
      const response = await request(ada.token, patientId, body({ instructions: undefined }));
      expect(response.statusCode).toBe(201);
      expect(selfExamRequestSchema.parse(response.json()).instructions).toBeNull();
    });

    it.each([
      ['no point', { auscultationPoints: [] }],
      ['the in-person-only Other point', { auscultationPoints: ['other'] }],
      ['an unknown point', { auscultationPoints: ['h6'] }],
      ['a point twice', { auscultationPoints: ['h1', 'h1'] }],
      ['a malformed date', { examDate: '2026-13-01' }],
      ['a past date', { examDate: '2020-01-01' }],
      // Issue 36, item 8: at most a year ahead.
      ['a date in year 9999', { examDate: '9999-12-31' }],
      [
        'a date a year and a week ahead',
        { examDate: new Date(Date.now() + 373 * 86_400_000).toISOString().slice(0, 10) },
      ],
      ['instructions over 2000 characters', { instructions: 'x'.repeat(2001) }],
      ['a missing provider', { healthcareProviderId: undefined }],
    ])('answers INVALID_DATA for %s', async (_label, overrides) => {
      const response = await request(ada.token, patientId, body(overrides));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ name: 'INVALID_DATA' });
    });

    it('refuses another provider’s id, and another organization’s patient like a missing one', async () => {
      const benClaims = JSON.parse(Buffer.from(benToken.split('.')[1]!, 'base64url').toString());
      const benId = benClaims['https://auscura.example/healthcareProviderId'] as string;
      const asOther = await request(ada.token, patientId, body({ healthcareProviderId: benId }));
      expect(asOther.statusCode).toBe(403);
      expect(asOther.json()).toMatchObject({ name: 'UNAUTHORIZED' });
      const crossOrg = await request(benToken, patientId, body({ healthcareProviderId: benId }));
      expect(crossOrg.statusCode).toBe(404);
      expect(crossOrg.json()).toMatchObject({ name: 'RESOURCE_DOES_NOT_EXIST' });
      const count = await t.database.db
        .selectFrom('self_exam_requests')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('healthcare_provider_id', '=', benId)
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(0);
    });

    it('emails the link and the code to the address given, and only for the caller’s organization', async () => {
      const created = selfExamRequestSchema.parse((await request(ada.token, patientId, body())).json());
      const outbox = path.join(t.env.dataDir, 'outbox');
      const before = new Set(await fs.readdir(outbox).catch(() => [] as string[]));
      const send = (token: string) =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1/self-exam-requests/${created.id}/emails`,
          payload: { emailAddress: 'self.examiner@example.org' },
          headers: { authorization: `Bearer ${token}` },
        });
      expect((await send(benToken)).statusCode).toBe(404);
      expect(await fs.readdir(outbox).catch(() => [] as string[])).toHaveLength(before.size);
      expect((await send(ada.token)).statusCode).toBe(204);
      const added = (await fs.readdir(outbox)).filter((file) => !before.has(file));
      expect(added).toHaveLength(1);
      const eml = await fs.readFile(path.join(outbox, added[0]!), 'utf8');
      expect(eml).toContain('To: self.examiner@example.org');
      expect(eml).toContain(created.link);
      expect(eml).toContain(created.accessCode);
    });
  });
});
