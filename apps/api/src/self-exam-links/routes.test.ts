import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatAccessCode,
  selfExamArrivalsSchema,
  selfExamLinkSessionSchema,
  selfExamSessionSchema,
} from '@auscura/contracts';
import type { SelfExamSession, SentSelfExamLink } from '@auscura/contracts';
import { selfExamLinkSession, sendSelfExamLink, startSelfExam, uploadSelfExamPoint } from '../test/self-exams.js';
import { createTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { signInProvider, somePatientOf } from '../test/virtual-exams.js';
import type { Provider } from '../test/virtual-exams.js';

/**
 * Patient-initiated self exams through a patient's standing link: sending, the code, the uses and
 * their exams, the tokens' scopes (PGlite: the SQL is the same on both backends). Renewing, turning
 * off and the limits are in lifecycle.test.ts.
 */
describe('a patient’s standing self-exam link', () => {
  let t: TestApp;
  let ada: Provider;
  let ben: Provider;
  let patientId: string;
  let patient: { first_name: string; last_name: string; email_address: string; birthdate: string | null };
  let sent: SentSelfExamLink;
  let address = 0;
  const nextAddress = () => `10.9.${Math.floor(++address / 250)}.${address % 250}`;
  const as = (provider: Provider) => ({ authorization: `Bearer ${provider.token}` });
  const outbox = () => path.join(t.env.dataDir, 'outbox');
  const mailsAfter = async (before: string[]) => {
    const files = (await fs.readdir(outbox()).catch(() => [] as string[])).filter((file) => !before.includes(file));
    return Promise.all(files.map((file) => fs.readFile(path.join(outbox(), file), 'utf8')));
  };
  const mailFiles = () => fs.readdir(outbox()).catch(() => [] as string[]);

  const upload = (session: SelfExamSession, label: string, token?: string) =>
    uploadSelfExamPoint(t.app, session, label, token);
  const linkOf = (s: SentSelfExamLink) => ({ id: s.selfExamLink.id, accessCode: s.accessCode });
  const examOf = async (selfExamRequestId: string) =>
    (
      await t.database.db
        .selectFrom('self_exam_requests')
        .select(['exam_id', 'finalized_at'])
        .where('id', '=', selfExamRequestId)
        .executeTakeFirstOrThrow()
    ).exam_id;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    ada = await signInProvider(t.app, 'ada@riverside.example');
    ben = await signInProvider(t.app, 'ben@lakeside.example');
    patientId = await somePatientOf(t.app, ada);
    patient = await t.database.db
      .selectFrom('patient_profiles')
      .select(['first_name', 'last_name', 'email_address', 'birthdate'])
      .where('id', '=', patientId)
      .executeTakeFirstOrThrow();
  });
  afterAll(async () => t?.close());

  it('is none until the clinician sends it, then mails link and code to the patient’s address on file only', async () => {
    const before = await t.app.inject({
      url: `/api/v1/patient-profiles/${patientId}/self-exam-link`,
      headers: as(ada),
    });
    expect(before.json()).toEqual({ selfExamLink: null });

    const files = await mailFiles();
    sent = await sendSelfExamLink(t.app, ada, patientId, 'Record when you feel your heart racing.');
    expect(sent.sentTo).toBe(patient.email_address);
    expect(sent.selfExamLink).toMatchObject({ status: 'active', uses: 0, healthcareProviderId: ada.id });
    expect(sent.selfExamLink.link).toMatch(new RegExp(`/self-exam-link/${sent.selfExamLink.id}$`));
    // 10 characters from 32: 50 bits.
    expect(sent.accessCode).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
    const days = (Date.parse(sent.selfExamLink.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(179);
    expect(days).toBeLessThanOrEqual(180);

    const mails = await mailsAfter(files);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`To: ${patient.email_address}`);
    expect(mails[0]).toContain(sent.selfExamLink.link);
    expect(mails[0]).toContain(formatAccessCode(sent.accessCode));
    expect(mails[0]).toContain('Record when you feel your heart racing.');

    // The code is shown once: never read back, never stored.
    const state = await t.app.inject({ url: `/api/v1/patient-profiles/${patientId}/self-exam-link`, headers: as(ada) });
    expect(state.json().selfExamLink).toMatchObject({ id: sent.selfExamLink.id, status: 'active' });
    expect(state.body).not.toContain(sent.accessCode);
    const stored = await t.database.db.selectFrom('self_exam_links').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(sent.accessCode);
  });

  it('refuses a wrong code and an unknown link with the same error, and tells nothing of the patient', async () => {
    for (const payload of [
      { selfExamLinkId: sent.selfExamLink.id, accessCode: 'AAAABBBBCC' },
      { selfExamLinkId: crypto.randomUUID(), accessCode: sent.accessCode },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/self-exam-links/auth',
        payload,
        remoteAddress: nextAddress(),
      });
      expect(response.statusCode).toBe(401);
      expect(Object.keys(response.json()).sort()).toEqual(['message', 'name', 'type']);
      expect(response.json()).toMatchObject({ name: 'EXPIRED_ACCESS_CODE' });
    }
  });

  it('opens with the code however it is typed: every point to choose from, no patient data', async () => {
    const session = await selfExamLinkSession(
      t.app,
      { id: sent.selfExamLink.id, accessCode: formatAccessCode(sent.accessCode).toLowerCase() },
      nextAddress(),
    );
    expect(selfExamLinkSessionSchema.parse(session)).toBeTruthy();
    expect(session.auscultationPoints).toEqual(['h1', 'h2', 'h3', 'h4', 'h5', 'l1', 'l2', 'l3', 'l4', 'l5']);
    expect(session).toMatchObject({ instructions: 'Record when you feel your heart racing.', unfinished: null });
    for (const secret of [patient.first_name, patient.last_name, patient.email_address, patient.birthdate]) {
      if (secret) expect(JSON.stringify(session)).not.toContain(secret);
    }
  });

  it('makes a Self - Patient Initiated exam of the chosen points, in the clinician’s organization, and tells her', async () => {
    const session = await selfExamLinkSession(t.app, linkOf(sent), nextAddress());
    const refused = await startSelfExam(t.app, session, []);
    expect(refused.statusCode).toBe(400);
    const started = await startSelfExam(t.app, session, ['h2', 'l3']);
    expect(started.statusCode, started.body).toBe(201);
    const use = selfExamSessionSchema.parse(started.json());
    expect(use).toMatchObject({ initiatedBy: 'patient', finalized: false });
    expect(use.auscultationRequests.map((ar) => ar.auscultationPoint)).toEqual(['h2', 'l3']);

    const arrivalsCursor = (await t.app.inject({ url: '/api/v1/self-exam-arrivals', headers: as(ada) })).json();
    expect(arrivalsCursor.items).toEqual([]);
    const files = await mailFiles();
    expect((await upload(use, 'h2')).json()).toMatchObject({ finalized: false });
    const last = await upload(use, 'l3');
    expect(last.statusCode, last.body).toBe(201);
    expect(last.json()).toMatchObject({ finalized: true });

    const examId = (await examOf(use.selfExamRequestId))!;
    const exam = await t.app.inject({ url: `/api/v1/exams/${examId}`, headers: as(ada) });
    expect(exam.json()).toMatchObject({
      type: 'self-patient-initiated',
      patientProfileId: patientId,
      organizationId: ada.organizationId,
    });
    const labels = await t.database.db
      .selectFrom('auscultations')
      .select('point_label')
      .where('exam_id', '=', examId)
      .execute();
    expect(labels.map((a) => a.point_label).sort()).toEqual(['h2', 'l3']);

    // In the patient's history like any exam.
    const q = encodeURIComponent(
      JSON.stringify({ filters: [{ field: 'patientProfileId', op: 'eq', value: patientId }] }),
    );
    const history = await t.app.inject({ url: `/api/v1/search/exams?q=${q}`, headers: as(ada) });
    expect(history.json().items.map((item: { id: string }) => item.id)).toContain(examId);

    // Ada is told by mail and by the arrivals the shell asks for; Ben is not.
    const mails = await mailsAfter(files);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('To: ada@riverside.example');
    expect(mails[0]).toContain(`/exams/${examId}`);
    expect(mails[0]).toContain('standing self-exam link');
    const arrivals = await t.app.inject({
      url: `/api/v1/self-exam-arrivals?since=${encodeURIComponent(arrivalsCursor.now)}`,
      headers: as(ada),
    });
    expect(selfExamArrivalsSchema.parse(arrivals.json()).items).toEqual([
      expect.objectContaining({
        examId,
        patientProfileId: patientId,
        patientName: `${patient.first_name} ${patient.last_name}`,
        type: 'self-patient-initiated',
      }),
    ]);
    const forBen = await t.app.inject({
      url: `/api/v1/self-exam-arrivals?since=${encodeURIComponent(arrivalsCursor.now)}`,
      headers: as(ben),
    });
    expect(forBen.json().items).toEqual([]);

    // A use is no clinician's request: not in her request list, not opened by a request's calls.
    const requests = await t.app.inject({ url: '/api/v1/search/self-exam-requests', headers: as(ada) });
    expect(requests.body).not.toContain(use.selfExamRequestId);
    const asRequest = await t.app.inject({
      url: `/api/v1/self-exam-requests/${use.selfExamRequestId}`,
      headers: as(ada),
    });
    expect(asRequest.statusCode).toBe(404);
    const files2 = await mailFiles();
    const newCode = await t.app.inject({
      method: 'POST',
      url: `/api/v1/self-exam-requests/${use.selfExamRequestId}/access-codes`,
      remoteAddress: nextAddress(),
    });
    expect(newCode.statusCode).toBe(204);
    expect(await mailsAfter(files2)).toHaveLength(0);
  });

  it('works again later: each use is an exam of its own, and the clinician sees how often it was used', async () => {
    const session = await selfExamLinkSession(t.app, linkOf(sent), nextAddress());
    expect(session.unfinished).toBeNull();
    const use = selfExamSessionSchema.parse((await startSelfExam(t.app, session, ['l1'])).json());
    expect((await upload(use, 'l1')).json()).toMatchObject({ finalized: true });
    const exams = await t.database.db
      .selectFrom('self_exam_requests')
      .select('exam_id')
      .where('self_exam_link_id', '=', sent.selfExamLink.id)
      .execute();
    expect(new Set(exams.map((row) => row.exam_id)).size).toBe(2);
    const state = await t.app.inject({ url: `/api/v1/patient-profiles/${patientId}/self-exam-link`, headers: as(ada) });
    expect(state.json().selfExamLink).toMatchObject({ uses: 2, status: 'active' });
    expect(state.json().selfExamLink.lastUsedAt).not.toBeNull();
  });

  it('offers an unfinished self exam to finish, and closes it (telling the clinician) when a new one starts', async () => {
    const first = await selfExamLinkSession(t.app, linkOf(sent), nextAddress());
    const use = selfExamSessionSchema.parse((await startSelfExam(t.app, first, ['h1', 'l1'])).json());
    expect((await upload(use, 'h1')).statusCode).toBe(201);

    const again = await selfExamLinkSession(t.app, linkOf(sent), nextAddress());
    expect(again.unfinished?.selfExamRequestId).toBe(use.selfExamRequestId);
    const sentPoints = again.unfinished!.auscultationRequests.filter((ar) => ar.auscultationId !== null);
    expect(sentPoints.map((ar) => ar.auscultationPoint)).toEqual(['h1']);

    const files = await mailFiles();
    const next = await startSelfExam(t.app, again, ['h3']);
    expect(next.statusCode).toBe(201);
    const closed = await upload(again.unfinished!, 'l1');
    expect(closed.statusCode).toBe(400);
    expect(closed.json()).toMatchObject({
      name: 'INVALID_LIVE_EXAM',
      message: expect.stringMatching(/already been sent/),
    });
    const mails = await mailsAfter(files);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`/exams/${await examOf(use.selfExamRequestId)}`);
    expect(mails[0]).toContain('part of a self exam');
  });

  it('keeps each token to its own scope', async () => {
    const session = await selfExamLinkSession(t.app, linkOf(sent), nextAddress());
    const use = selfExamSessionSchema.parse((await startSelfExam(t.app, session, ['h4'])).json());
    // The use's token cannot start self exams; the link's token cannot upload.
    const withUseToken = await startSelfExam(t.app, { ...session, token: use.token }, ['h5']);
    expect(withUseToken.statusCode).toBe(401);
    expect((await upload(use, 'h4', session.token)).statusCode).toBe(401);
    // Another patient's link token opens nothing of this link.
    const other = await sendSelfExamLink(
      t.app,
      ada,
      (
        await t.database.db
          .selectFrom('patient_profiles')
          .select('id')
          .where('organization_id', '=', ada.organizationId)
          .where('id', '!=', patientId)
          .executeTakeFirstOrThrow()
      ).id,
    );
    const otherSession = await selfExamLinkSession(t.app, linkOf(other), nextAddress());
    const crossed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/self-exam-links/${sent.selfExamLink.id}/self-exams`,
      headers: { authorization: `Bearer ${otherSession.token}` },
      payload: { auscultationPoints: ['h1'] },
    });
    expect(crossed.statusCode).toBe(401);
    expect(crossed.json()).toMatchObject({ name: 'UNAUTHORIZED' });
    // A provider's token is no patient token, and a link token is no provider token.
    expect((await startSelfExam(t.app, { ...session, token: ada.token }, ['h1'])).statusCode).toBe(401);
    const asProvider = await t.app.inject({
      url: `/api/v1/patient-profiles/${patientId}/self-exam-link`,
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(asProvider.statusCode).toBe(401);
  });
});
