import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  encodeListQuery,
  examNavigationSchema,
  examSchema,
  healthcareProviderOverviewSchema,
  notesMaxLength,
  pagedSchema,
} from '@auscura/contracts';

const healthcareProviderOverviewPage = pagedSchema(healthcareProviderOverviewSchema);
import { backends, createTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { signIn } from '../test/sign-in.js';
import { runOperatorCommand } from '../operator/commands.js';

describe.each(backends)('exam review on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let adaId: string;
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const put = (url: string, payload: unknown) =>
    t.app.inject({ method: 'PUT', url, payload: payload as object, headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    t = await createTestApp(backend);
    const tokens = await signIn(t.app, 'ada@riverside.example', 'Auscura-demo-2026');
    token = tokens.access_token;
    adaId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString())[
      'https://auscura.example/healthcareProviderId'
    ];
  });
  afterAll(async () => t?.close());

  async function firstExamId(url: string): Promise<{ id: string; total: number }> {
    const page = pagedSchema(examSchema).parse(
      (await get(`${url}?q=${encodeURIComponent(encodeListQuery({}))}`)).json(),
    );
    return { id: page.items[0]!.id, total: page.totalCount };
  }

  it.each([
    ['All', 'true'],
    ['My Exams', 'false'],
  ])(
    'walks every exam of the %s list from first to last without a dead end',
    async (_family, flag) => {
      const list = await firstExamId('/api/v1/search/organization-exams');
      const expectedTotal =
        flag === 'true'
          ? list.total
          : pagedSchema(examSchema).parse(
              (
                await get(
                  `/api/v1/search/organization-exams?q=${encodeURIComponent(encodeListQuery({ filters: [{ field: 'healthcareProviderId', op: 'eq', value: adaId }] }))}`,
                )
              ).json(),
            ).totalCount;
      const start =
        flag === 'true'
          ? list.id
          : pagedSchema(examSchema).parse(
              (
                await get(
                  `/api/v1/search/organization-exams?q=${encodeURIComponent(encodeListQuery({ filters: [{ field: 'healthcareProviderId', op: 'eq', value: adaId }] }))}`,
                )
              ).json(),
            ).items[0]!.id;
      const visited = new Set<string>();
      let current: string | null = start;
      let sequence = 0;
      let last = examNavigationSchema.parse(
        (await get(`/api/v1/exams/${start}/adjacent?isOrganizationExams=${flag}`)).json(),
      );
      expect(last.prevId).toBeNull();
      expect(last.examSequenceNumber).toBe(1);
      while (current) {
        const navigation = examNavigationSchema.parse(
          (await get(`/api/v1/exams/${current}/adjacent?isOrganizationExams=${flag}`)).json(),
        );
        sequence++;
        expect(navigation.examSequenceNumber).toBe(sequence);
        expect(navigation.totalExams).toBe(expectedTotal);
        visited.add(current);
        last = navigation;
        current = navigation.nextId;
      }
      expect(visited.size).toBe(expectedTotal);
      expect(last.nextId).toBeNull();
      expect(last.examSequenceNumber).toBe(expectedTotal);
    },
    120_000,
  );

  it('keeps the providers overview totals equal to the exams in the table as exams change', async () => {
    const { id } = await firstExamId('/api/v1/search/exams');
    await put(`/api/v1/exams/${id}/reviewed`, { value: false });
    await put(`/api/v1/exams/${id}/reviewed`, { value: true });
    const overview = healthcareProviderOverviewPage.parse((await get('/api/v1/healthcare-providers-overview')).json());
    // Ada, Grace and new@ (the onboarding demo provider, no patients or exams).
    expect(overview.items.length).toBe(3);
    for (const provider of overview.items) {
      const real = await t.database.db
        .selectFrom('exams')
        .select((eb) => [
          eb.fn.countAll<number>().as('total'),
          eb.fn.count<number>('id').filterWhere('reviewed', '=', false).as('unreviewed'),
        ])
        .where('healthcare_provider_id', '=', provider.id)
        .executeTakeFirstOrThrow();
      expect(provider.totalExams).toBe(Number(real.total));
      expect(provider.totalUnreviewedExams).toBe(Number(real.unreviewed));
    }
    const patients = overview.items.reduce((sum, provider) => sum + provider.totalPatients, 0);
    expect(patients).toBe(25);
  });

  it('keeps reviewed, notes and enhanced notes', async () => {
    const { id } = await firstExamId('/api/v1/search/exams');
    expect((await put(`/api/v1/exams/${id}/reviewed`, { value: true })).statusCode).toBe(200);
    expect((await put(`/api/v1/exams/${id}/notes`, { value: 'Grade 2/6 murmur.' })).statusCode).toBe(200);
    expect((await put(`/api/v1/exams/${id}/enhanced-notes`, { value: ['Holosystolic', 'Wheezing'] })).statusCode).toBe(
      200,
    );
    const exam = examSchema.parse((await get(`/api/v1/exams/${id}`)).json());
    expect(exam).toMatchObject({
      reviewed: true,
      notes: 'Grade 2/6 murmur.',
      enhancedNotes: ['Holosystolic', 'Wheezing'],
    });
    expect((await put(`/api/v1/exams/${id}/reviewed`, { value: false })).json().reviewed).toBe(false);
  });

  it.each([
    ['an exclusive option with another of its group', { value: ['Likely no murmur', 'Holosystolic'] }],
    ['an unknown label', { value: ['Gallop rhythm'] }],
    ['a label twice', { value: ['Wheezing', 'Wheezing'] }],
  ])('refuses enhanced notes with %s', async (_label, payload) => {
    const { id } = await firstExamId('/api/v1/search/exams');
    const response = await put(`/api/v1/exams/${id}/enhanced-notes`, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ type: 9, name: 'INVALID_DATA' });
  });

  it(`refuses notes longer than ${notesMaxLength} characters`, async () => {
    const { id } = await firstExamId('/api/v1/search/exams');
    expect((await put(`/api/v1/exams/${id}/notes`, { value: 'x'.repeat(notesMaxLength) })).statusCode).toBe(200);
    expect((await put(`/api/v1/exams/${id}/notes`, { value: 'x'.repeat(notesMaxLength + 1) })).json()).toMatchObject({
      name: 'INVALID_DATA',
    });
  });

  it('shares an exam as a mail in the outbox with a working link and no patient data', async () => {
    const page = pagedSchema(examSchema).parse(
      (
        await get(`/api/v1/search/exams?q=${encodeURIComponent(encodeListQuery({ joinedLoads: ['patientProfile'] }))}`)
      ).json(),
    );
    const exam = page.items[0]!;
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/exams/${exam.id}/shares`,
      payload: { emailAddress: 'colleague@example.org' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(204);
    const outbox = path.join(t.env.dataDir, 'outbox');
    const files = await fs.readdir(outbox);
    const mail = await fs.readFile(path.join(outbox, files.at(-1)!), 'utf8');
    expect(mail).toContain('To: colleague@example.org');
    expect(mail).toContain(`http://localhost:8080/exams/${exam.id}`);
    const patient = exam.patientProfile!;
    for (const secret of [patient.firstName!, patient.lastName!, patient.emailAddress!])
      expect(mail).not.toContain(secret);
  });

  it('records reads and changes in the patient’s audit trail, printed by the operator command', async () => {
    const page = pagedSchema(examSchema).parse(
      (await get(`/api/v1/search/exams?q=${encodeURIComponent(encodeListQuery({}))}`)).json(),
    );
    const exam = page.items[1]!;
    await get(`/api/v1/patient-profiles/${exam.patientProfileId}`);
    await get(`/api/v1/exams/${exam.id}`);
    await put(`/api/v1/exams/${exam.id}/notes`, { value: 'Audit me.' });
    const output = await runOperatorCommand(
      { db: t.database.db, publicUrl: t.env.publicUrl, tcVersion: 1 },
      { command: 'audit', patient: exam.patientProfileId! },
    );
    expect(output).toContain(`Audit trail of patient ${exam.patientProfileId}`);
    expect(output).toMatch(/list\s+exam-list/);
    expect(output).toMatch(
      new RegExp(`read\\s+patient-profile\\s+${exam.patientProfileId}\\s+by ada@riverside.example`),
    );
    expect(output).toMatch(new RegExp(`read\\s+exam\\s+${exam.id}\\s+by ada@riverside.example`));
    expect(output).toMatch(new RegExp(`update\\s+exam\\s+${exam.id}\\s+by ada@riverside.example`));
    expect(output).not.toContain('Audit me.');
  });
});
