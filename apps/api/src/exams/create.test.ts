import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examSchema } from '@auscura/contracts';
import { backends, createTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { signIn } from '../test/sign-in.js';

describe.each(backends)('starting an in-person exam on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let adaId: string;
  let ownPatient: string;
  let otherPatient: string;
  let colleagueId: string;
  const post = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/exams', payload, headers: { authorization: `Bearer ${token}` } });

  async function patientOf(organization: string) {
    const row = await t.database.db
      .selectFrom('patient_profiles as p')
      .innerJoin('organizations as o', 'o.id', 'p.organization_id')
      .select('p.id')
      .where('o.name', '=', organization)
      .orderBy('p.last_name')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  beforeAll(async () => {
    t = await createTestApp(backend);
    token = (await signIn(t.app, 'ada@riverside.example', 'Auscura-demo-2026')).access_token;
    adaId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString())[
      'https://auscura.example/healthcareProviderId'
    ];
    ownPatient = await patientOf('Riverside Cardiology');
    otherPatient = await patientOf('Lakeside Pulmonology');
    const colleague = await t.database.db
      .selectFrom('healthcare_providers')
      .select('id')
      .where(
        'organization_id',
        '=',
        (
          await t.database.db
            .selectFrom('exams')
            .select('organization_id')
            .where('healthcare_provider_id', '=', adaId)
            .executeTakeFirstOrThrow()
        ).organization_id,
      )
      .where('id', '<>', adaId)
      .executeTakeFirstOrThrow();
    colleagueId = colleague.id;
  });
  afterAll(async () => t?.close());

  it('creates an in-person exam conducted by the caller, answers 201 with the patient, and audits it', async () => {
    const response = await post({ type: 'in-person', healthcareProviderId: adaId, patientProfileId: ownPatient });
    expect(response.statusCode).toBe(201);
    const exam = examSchema.parse(response.json());
    expect(exam).toMatchObject({
      type: 'in-person',
      healthcareProviderId: adaId,
      patientProfileId: ownPatient,
      patientMasked: false,
      notes: null,
      auscultations: [],
    });
    expect(exam.patientProfile?.id).toBe(ownPatient);
    const stored = await t.database.db.selectFrom('exams').selectAll().where('id', '=', exam.id).executeTakeFirst();
    expect(stored?.type).toBe('in-person');
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'target_type'])
      .where('target_id', '=', exam.id)
      .execute();
    expect(audit).toContainEqual({ action: 'create', target_type: 'exam' });
  });

  it('accepts examType as well as type', async () => {
    const response = await post({ examType: 'in-person', healthcareProviderId: adaId, patientProfileId: ownPatient });
    expect(response.statusCode).toBe(201);
  });

  it('refuses to start an exam in the name of another provider (403)', async () => {
    const response = await post({ type: 'in-person', healthcareProviderId: colleagueId, patientProfileId: ownPatient });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ name: 'UNAUTHORIZED' });
  });

  it('answers a patient of another organization like a missing one (404)', async () => {
    for (const patientProfileId of [otherPatient, '00000000-0000-4000-8000-000000000000']) {
      const response = await post({ type: 'in-person', healthcareProviderId: adaId, patientProfileId });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ name: 'RESOURCE_DOES_NOT_EXIST' });
    }
  });

  it('rejects bodies without a type, with a virtual type, or with unknown fields (400)', async () => {
    for (const payload of [
      { healthcareProviderId: adaId, patientProfileId: ownPatient },
      { type: 'virtual', healthcareProviderId: adaId, patientProfileId: ownPatient },
      { type: 'in-person', healthcareProviderId: adaId, patientProfileId: ownPatient, organizationId: adaId },
      { type: 'in-person', healthcareProviderId: adaId, patientProfileId: 'not-a-uuid' },
    ]) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ name: 'INVALID_DATA' });
    }
  });
});
