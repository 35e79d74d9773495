import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '@auscura/audio-engine';
import { formatAccessCode, selfExamSessionSchema } from '@auscura/contracts';
import type { SelfExamRequest, SelfExamSession } from '@auscura/contracts';
import { auscultationUpload } from '../test/multipart.js';
import { createSelfExamRequest, selfExamSession } from '../test/self-exams.js';
import { createTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { signInProvider, somePatientOf } from '../test/virtual-exams.js';
import type { Provider } from '../test/virtual-exams.js';

/** The patient's side of a self exam (PGlite: the SQL is the same on both backends). */
describe('a patient’s self exam', () => {
  let t: TestApp;
  let ada: Provider;
  let request: SelfExamRequest;
  let session: SelfExamSession;
  let address = 0;
  const nextAddress = () => `10.8.${Math.floor(++address / 250)}.${address % 250}`;
  const wav = Buffer.from(encodeWav([new Float32Array(8000).map((_, i) => Math.sin(i / 5) * 0.2)], 4000));

  const upload = (
    r: { id: string },
    arId: string,
    label: string,
    token: string,
    clientRecordingId: string = crypto.randomUUID(),
  ) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/self-exam-requests/${r.id}/auscultation-requests/${arId}/auscultation`,
      ...(() => {
        const body = auscultationUpload(
          { auscultationPoint: { type: label.startsWith('h') ? 'heart' : 'lungs', label }, clientRecordingId },
          wav,
        );
        return { payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } };
      })(),
    });
  const arOf = (s: SelfExamSession, label: string) =>
    s.auscultationRequests.find((ar) => ar.auscultationPoint === label)!.id;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    ada = await signInProvider(t.app, 'ada@riverside.example');
    request = await createSelfExamRequest(t.app, ada, await somePatientOf(t.app, ada));
  });
  afterAll(async () => t?.close());

  it('refuses a wrong code with the catalogue error and nothing else', async () => {
    for (const payload of [
      { selfExamRequestId: request.id, accessCode: 'AAAABBBBCC' },
      { selfExamRequestId: crypto.randomUUID(), accessCode: request.accessCode },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/self-exam-requests/auth',
        payload,
        remoteAddress: nextAddress(),
      });
      expect(response.statusCode).toBe(401);
      expect(Object.keys(response.json()).sort()).toEqual(['message', 'name', 'type']);
      expect(response.json()).toMatchObject({ name: 'EXPIRED_ACCESS_CODE' });
    }
  });

  it('opens with the code however it is typed, and shows the points to record', async () => {
    session = await selfExamSession(
      t.app,
      { id: request.id, accessCode: formatAccessCode(request.accessCode).toLowerCase() },
      nextAddress(),
    );
    expect(selfExamSessionSchema.parse(session)).toBeTruthy();
    expect(session.auscultationRequests.map((ar) => ar.auscultationPoint)).toEqual(['h1', 'l1']);
    expect(session.finalized).toBe(false);
    expect(JSON.stringify(session)).not.toMatch(/email|birthdate|firstName|lastName/i);
  });

  it('stores each point once, answers a retry with the first upload, and completes the request', async () => {
    const key = crypto.randomUUID();
    const first = await upload(request, arOf(session, 'h1'), 'h1', session.token, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ finalized: false });
    const retry = await upload(request, arOf(session, 'h1'), 'h1', session.token, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().id).toBe(first.json().id);
    const again = await upload(request, arOf(session, 'h1'), 'h1', session.token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ name: 'INVALID_DATA' });
    const wrongPoint = await upload(request, arOf(session, 'l1'), 'h2', session.token);
    expect(wrongPoint.statusCode).toBe(400);

    const finalizedBefore = await t.app.inject({
      method: 'GET',
      url: `/api/v1/self-exam-requests/${request.id}/finalized`,
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(finalizedBefore.json()).toEqual({ finalized: false });
    const outbox = path.join(t.env.dataDir, 'outbox');
    const mailsBefore: string[] = await fs.readdir(outbox).catch(() => []);
    const last = await upload(request, arOf(session, 'l1'), 'l1', session.token);
    expect(last.statusCode).toBe(201);
    expect(last.json()).toMatchObject({ finalized: true });
    const finalized = await t.app.inject({
      method: 'GET',
      url: `/api/v1/self-exam-requests/${request.id}/finalized`,
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(finalized.json()).toEqual({ finalized: true });
    // Ada is told by email, with the exam's link.
    const mails = (await fs.readdir(outbox)).filter((file) => !mailsBefore.includes(file));
    expect(mails).toHaveLength(1);
    const mail = await fs.readFile(path.join(outbox, mails[0]!), 'utf8');
    expect(mail).toContain('To: ada@riverside.example');

    // The exam: one, of type 'Self - Provider Initiated', with exactly the two recordings.
    const row = await t.database.db
      .selectFrom('self_exam_requests')
      .select('exam_id')
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow();
    const exam = await t.app.inject({
      method: 'GET',
      url: `/api/v1/exams/${row.exam_id}`,
      headers: { authorization: `Bearer ${ada.token}` },
    });
    expect(exam.statusCode).toBe(200);
    expect(exam.json().type).toBe('self-provider-initiated');
    expect(mail).toContain(`/exams/${row.exam_id}`);
    const stored = await t.database.db
      .selectFrom('auscultations')
      .select('point_label')
      .where('exam_id', '=', row.exam_id!)
      .execute();
    expect(stored.map((a) => a.point_label).sort()).toEqual(['h1', 'l1']);
  });

  it('lists the request as completed, with its exam, in the provider’s own list only', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/search/self-exam-requests',
      headers: { authorization: `Bearer ${ada.token}` },
    });
    expect(list.statusCode).toBe(200);
    const item = (
      list.json().items as { id: string; status: string; examId: string | null; recordedPoints: number }[]
    ).find((i) => i.id === request.id);
    expect(item).toMatchObject({ status: 'completed', recordedPoints: 2 });
    expect(item!.examId).not.toBeNull();
    expect(list.body).not.toContain(request.accessCode);
    const q = (search: string) =>
      encodeURIComponent(JSON.stringify({ filters: [{ field: 'search', op: 'like', value: search }] }));
    const none = await t.app.inject({
      method: 'GET',
      url: `/api/v1/search/self-exam-requests?q=${q('No Such Patient Name')}`,
      headers: { authorization: `Bearer ${ada.token}` },
    });
    expect(none.json()).toMatchObject({ items: [], totalCount: 0 });
    const ben = await signInProvider(t.app, 'ben@lakeside.example');
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/v1/search/self-exam-requests',
      headers: { authorization: `Bearer ${ben.token}` },
    });
    expect(other.body).not.toContain(request.id);
  });

  it('refuses uploads to a finalized request with a clear message', async () => {
    const response = await upload(request, arOf(session, 'h1'), 'h1', session.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      name: 'INVALID_LIVE_EXAM',
      message: expect.stringMatching(/already been sent/),
    });
  });

  it('refuses another request’s token, and an expired request', async () => {
    const other = await createSelfExamRequest(t.app, ada, await somePatientOf(t.app, ada), ['h2']);
    const otherSession = await selfExamSession(t.app, other, nextAddress());
    const crossed = await upload(request, arOf(session, 'h1'), 'h1', otherSession.token);
    expect(crossed.statusCode).toBe(401);
    expect(crossed.json()).toMatchObject({ name: 'UNAUTHORIZED' });
    const crossedArId = await upload(other, arOf(session, 'h1'), 'h1', otherSession.token);
    expect(crossedArId.statusCode).toBe(404);

    await t.database.db
      .updateTable('self_exam_requests')
      .set({ exam_date: '2020-01-01' })
      .where('id', '=', other.id)
      .execute();
    const late = await upload(other, arOf(otherSession, 'h2'), 'h2', otherSession.token);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ name: 'INVALID_LIVE_EXAM', message: expect.stringMatching(/expired/) });
    const auth = await t.app.inject({
      method: 'POST',
      url: '/api/v1/self-exam-requests/auth',
      payload: { selfExamRequestId: other.id, accessCode: other.accessCode },
      remoteAddress: nextAddress(),
    });
    expect(auth.json()).toMatchObject({ name: 'INVALID_LIVE_EXAM' });
  });

  it('mails a new code to the patient only, and the old one stops working', async () => {
    const fresh = await createSelfExamRequest(t.app, ada, await somePatientOf(t.app, ada), ['l2']);
    const outbox = path.join(t.env.dataDir, 'outbox');
    const before: string[] = await fs.readdir(outbox).catch(() => []);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/self-exam-requests/${fresh.id}/access-codes`,
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode).toBe(204);
    const files = (await fs.readdir(outbox)).filter((file) => !before.includes(file));
    expect(files).toHaveLength(1);
    const mail = await fs.readFile(path.join(outbox, files[0]!), 'utf8');
    const code = /access code: ([A-Z2-9-]+)/.exec(mail)![1]!;
    expect(code.replace(/-/g, '')).not.toBe(fresh.accessCode);
    await expect(selfExamSession(t.app, fresh, nextAddress())).rejects.toThrow(/401/);
    expect((await selfExamSession(t.app, { id: fresh.id, accessCode: code }, nextAddress())).selfExamRequestId).toBe(
      fresh.id,
    );
    // An unknown request: the same answer, no mail.
    const unknown = await t.app.inject({
      method: 'POST',
      url: `/api/v1/self-exam-requests/${crypto.randomUUID()}/access-codes`,
      remoteAddress: nextAddress(),
    });
    expect(unknown.statusCode).toBe(204);
  });

  it('locks a client out after 20 wrong codes', async () => {
    const from = nextAddress();
    for (let i = 0; i < 20; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/self-exam-requests/auth',
        payload: { selfExamRequestId: crypto.randomUUID(), accessCode: 'AAAABBBBCC' },
        remoteAddress: from,
      });
    }
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/self-exam-requests/auth',
      payload: { selfExamRequestId: request.id, accessCode: request.accessCode },
      remoteAddress: from,
    });
    expect(locked.statusCode).toBe(429);
  });
});
