import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessCodeLifetime,
  accessCodePattern,
  encodeListQuery,
  examSchema,
  formatAccessCode,
  pagedSchema,
  virtualExamSchema,
} from '@auscura/contracts';
import type { VirtualExam } from '@auscura/contracts';
import { backends, createTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { createVirtualExam, signInProvider, slot, somePatientOf } from '../test/virtual-exams.js';
import type { Provider } from '../test/virtual-exams.js';

describe.each(backends)('virtual exams on %s', (backend) => {
  let t: TestApp;
  let ada: Provider;
  let ben: Provider;
  let patientId: string;
  let scheduled: VirtualExam;

  const as = (provider: Provider) => ({ authorization: `Bearer ${provider.token}` });
  const create = (provider: Provider, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/virtual-exams',
      headers: as(provider),
      payload: {
        healthcareProviderId: provider.id,
        patientProfileId: patientId,
        timeZone: 'America/New_York',
        ...payload,
      },
    });

  beforeAll(async () => {
    t = await createTestApp(backend);
    ada = await signInProvider(t.app, 'ada@riverside.example');
    ben = await signInProvider(t.app, 'ben@lakeside.example');
    patientId = await somePatientOf(t.app, ada);
    scheduled = await createVirtualExam(t.app, ada, patientId, { start: slot(60), end: slot(90) });
  });
  afterAll(async () => t?.close());

  it('schedules an exam with a 50-bit access code, its link, the patient and the provider', () => {
    expect(virtualExamSchema.parse(scheduled)).toEqual(scheduled);
    expect(scheduled.accessCode).toMatch(accessCodePattern);
    expect(formatAccessCode(scheduled.accessCode)).toMatch(/^[A-Z2-9]{3}-[A-Z2-9]{3}-[A-Z2-9]{4}$/);
    expect(scheduled.link).toBe(`http://localhost:8080/virtual-exam/${scheduled.id}`);
    expect(scheduled.patientProfile?.id).toBe(patientId);
    expect(scheduled.healthcareProvider?.id).toBe(ada.id);
    expect(scheduled.examId).toBeNull();
    // The code lives until the scheduled end plus the grace.
    const grace = accessCodeLifetime.scheduledGraceMinutes * 60_000;
    expect(Date.parse(scheduled.accessCodeExpiresAt)).toBe(Date.parse(scheduled.scheduledEndDate!) + grace);
  });

  it('schedules an exam up to a year ahead', async () => {
    const response = await create(ada, {
      scheduledStartDate: slot(360 * 24 * 60).toISOString(),
      scheduledEndDate: slot(360 * 24 * 60 + 30).toISOString(),
    });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('starts an exam now without dates, its code living a fixed time', async () => {
    const response = await create(ada, {});
    expect(response.statusCode).toBe(201);
    const now = response.json() as VirtualExam;
    expect(now.scheduledStartDate).toBeNull();
    const lifetime = Date.parse(now.accessCodeExpiresAt) - Date.parse(now.dateCreated);
    expect(Math.abs(lifetime - accessCodeLifetime.startNowMinutes * 60_000)).toBeLessThan(5000);
  });

  it('refuses schedules that break the §5 rules', async () => {
    const cases: Record<string, unknown>[] = [
      { scheduledStartDate: slot(-60).toISOString(), scheduledEndDate: slot(-30).toISOString() },
      {
        scheduledStartDate: new Date(slot(60).getTime() + 60_000).toISOString(),
        scheduledEndDate: slot(90).toISOString(),
      },
      { scheduledStartDate: slot(60).toISOString(), scheduledEndDate: slot(60).toISOString() },
      { scheduledStartDate: slot(60).toISOString() },
      { scheduledStartDate: slot(60).toISOString(), scheduledEndDate: slot(60 + 25 * 60).toISOString() },
      { timeZone: 'Mars/Olympus_Mons' },
      // Issue 36, item 8: at most a year ahead.
      {
        scheduledStartDate: slot(367 * 24 * 60).toISOString(),
        scheduledEndDate: slot(367 * 24 * 60 + 30).toISOString(),
      },
    ];
    for (const payload of cases) {
      const response = await create(ada, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ name: 'INVALID_DATA' });
    }
  });

  it('schedules only in the caller’s name and for the caller’s organization’s patients', async () => {
    const otherProvider = await create(ben, { healthcareProviderId: ada.id });
    expect(otherProvider.statusCode).toBe(403);
    const otherPatient = await create(ben, {});
    expect(otherPatient.statusCode).toBe(404);
    expect(otherPatient.json()).toMatchObject({ name: 'RESOURCE_DOES_NOT_EXIST' });
  });

  it('reads an exam with the joined loads the whitelist allows, and 404 for another organization', async () => {
    const q = encodeListQuery({ joinedLoads: ['patientProfile', 'healthcareProvider', 'exam', 'exam.auscultations'] });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/virtual-exams/${scheduled.id}`,
      query: { q },
      headers: as(ada),
    });
    expect(response.statusCode).toBe(200);
    const body = virtualExamSchema.parse(response.json());
    expect(body.patientProfile?.fullName).toBeTruthy();
    expect(body.exam).toBeNull();
    const bare = await t.app.inject({ method: 'GET', url: `/api/v1/virtual-exams/${scheduled.id}`, headers: as(ada) });
    expect(bare.json().patientProfile).toBeUndefined();
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/v1/virtual-exams/${scheduled.id}`,
      query: { q: encodeListQuery({ joinedLoads: ['organization'] }) },
      headers: as(ada),
    });
    expect(bad.statusCode).toBe(400);
    const stranger = await t.app.inject({
      method: 'GET',
      url: `/api/v1/virtual-exams/${scheduled.id}`,
      headers: as(ben),
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('creates the live exam once: a second PUT is EXAM_EXISTS', async () => {
    const url = `/api/v1/virtual-exams/${scheduled.id}/exam`;
    expect((await t.app.inject({ method: 'GET', url, headers: as(ada) })).statusCode).toBe(404);
    const first = await t.app.inject({ method: 'PUT', url, headers: as(ada) });
    expect(first.statusCode).toBe(201);
    const exam = examSchema.parse(first.json());
    expect(exam).toMatchObject({ type: 'live', patientProfileId: patientId, healthcareProviderId: ada.id });
    const second = await t.app.inject({ method: 'PUT', url, headers: as(ada) });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ type: 5, name: 'EXAM_EXISTS' });
    const read = await t.app.inject({ method: 'GET', url, headers: as(ada) });
    expect(read.json().id).toBe(exam.id);
    const q = encodeListQuery({ joinedLoads: ['exam.auscultations'] });
    const joined = await t.app.inject({
      method: 'GET',
      url: `/api/v1/virtual-exams/${scheduled.id}`,
      query: { q },
      headers: as(ada),
    });
    expect(joined.json().exam).toMatchObject({ id: exam.id, auscultations: [] });
    expect(joined.json().examId).toBe(exam.id);
  });

  it('lists the caller’s own exams in a calendar range', async () => {
    const search = (provider: Provider, filters: unknown[]) =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/search/virtual-exams',
        query: {
          q: encodeListQuery({ filters: filters as never, joinedLoads: ['patientProfile', 'healthcareProvider'] }),
        },
        headers: as(provider),
      });
    const inRange = await search(ada, [
      { field: 'healthcareProviderId', op: 'eq', value: ada.id },
      { field: 'scheduledStartDate', op: 'gte', value: slot(0).toISOString() },
      { field: 'scheduledEndDate', op: 'lte', value: slot(24 * 60).toISOString() },
    ]);
    expect(inRange.statusCode).toBe(200);
    const page = pagedSchema(virtualExamSchema).parse(inRange.json());
    expect(page.items.map((item) => item.id)).toContain(scheduled.id);
    expect(page.items.every((item) => item.healthcareProviderId === ada.id && item.patientProfile)).toBe(true);
    expect(inRange.headers['x-total-count']).toBe(String(page.totalCount));
    const later = await search(ada, [{ field: 'scheduledStartDate', op: 'gte', value: slot(3 * 60).toISOString() }]);
    expect(later.json().items.map((item: VirtualExam) => item.id)).not.toContain(scheduled.id);
    // Ben's calendar never shows Ada's exams, and he cannot ask for hers.
    expect((await search(ben, [])).json().items).toEqual([]);
    expect((await search(ben, [{ field: 'healthcareProviderId', op: 'eq', value: ada.id }])).statusCode).toBe(403);
    expect((await search(ada, [{ field: 'accessCode', op: 'eq', value: 'X' }])).statusCode).toBe(400);
  });

  it('emails the access information with the §9 copy text, and refuses a bad address as INVALID_EMAIL', async () => {
    const url = `/api/v1/virtual-exams/${scheduled.id}/invitations`;
    const bad = await t.app.inject({
      method: 'POST',
      url,
      headers: as(ada),
      payload: { recipientEmailAddress: 'not-an-address' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ type: 19, name: 'INVALID_EMAIL' });
    const outbox = path.join(t.env.dataDir, 'outbox');
    const before: string[] = await fs.readdir(outbox).catch(() => []);
    const sent = await t.app.inject({
      method: 'POST',
      url,
      headers: as(ada),
      payload: { recipientEmailAddress: 'pat@example.org' },
    });
    expect(sent.statusCode).toBe(204);
    const files = (await fs.readdir(outbox)).filter((file) => !before.includes(file));
    expect(files).toHaveLength(1);
    const mail = await fs.readFile(path.join(outbox, files[0]!), 'utf8');
    expect(mail).toContain('To: pat@example.org');
    expect(mail).toContain(
      `To join the virtual exam, navigate to http://localhost:8080/live-exam and enter the code ${formatAccessCode(scheduled.accessCode)}`,
    );
    expect(mail).toContain(scheduled.link);
    const stranger = await t.app.inject({
      method: 'POST',
      url,
      headers: as(ben),
      payload: { recipientEmailAddress: 'x@example.org' },
    });
    expect(stranger.statusCode).toBe(404);
  });
});
