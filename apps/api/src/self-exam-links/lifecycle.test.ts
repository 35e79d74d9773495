import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfExamLinkUsesPerDay, selfExamSessionSchema } from '@auscura/contracts';
import type { SentSelfExamLink } from '@auscura/contracts';
import { selfExamLinkSession, sendSelfExamLink, startSelfExam, uploadSelfExamPoint } from '../test/self-exams.js';
import { createTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { signInProvider, somePatientOf } from '../test/virtual-exams.js';
import type { Provider } from '../test/virtual-exams.js';
import { accessCodeFailuresPerCode } from '../identity/lockout.js';

/** A standing self-exam link over its life: renewed, turned off, run out, and its limits. */
describe('a standing self-exam link’s lifetime and limits', () => {
  let t: TestApp;
  let ada: Provider;
  let ben: Provider;
  let patientId: string;
  let sent: SentSelfExamLink;
  let address = 0;
  const nextAddress = () => `10.10.${Math.floor(++address / 250)}.${address % 250}`;
  const as = (provider: Provider) => ({ authorization: `Bearer ${provider.token}` });
  const linkOf = (s: SentSelfExamLink) => ({ id: s.selfExamLink.id, accessCode: s.accessCode });
  const upload = (session: Parameters<typeof uploadSelfExamPoint>[1], label: string) =>
    uploadSelfExamPoint(t.app, session, label);

  beforeAll(async () => {
    t = await createTestApp('pglite');
    ada = await signInProvider(t.app, 'ada@riverside.example');
    ben = await signInProvider(t.app, 'ben@lakeside.example');
    patientId = await somePatientOf(t.app, ada);
    sent = await sendSelfExamLink(t.app, ada, patientId, 'A note that renewing without one clears.');
  });
  afterAll(async () => t?.close());

  it('renews with a new code (the old one and its sessions stop working) at the same link', async () => {
    const before = await selfExamLinkSession(t.app, linkOf(sent), nextAddress());
    const renewed = await sendSelfExamLink(t.app, ada, patientId);
    expect(renewed.selfExamLink.id).toBe(sent.selfExamLink.id);
    expect(renewed.selfExamLink.link).toBe(sent.selfExamLink.link);
    expect(renewed.accessCode).not.toBe(sent.accessCode);
    expect(renewed.selfExamLink.instructions).toBeNull();
    await expect(selfExamLinkSession(t.app, linkOf(sent), nextAddress())).rejects.toThrow(/401/);
    const oldSession = await startSelfExam(t.app, before, ['h1']);
    expect(oldSession.statusCode).toBe(401);
    expect(oldSession.json()).toMatchObject({ name: 'UNAUTHORIZED', message: expect.stringMatching(/new code/) });
    const after = await selfExamLinkSession(t.app, linkOf(renewed), nextAddress());
    expect((await startSelfExam(t.app, after, ['h1'])).statusCode).toBe(201);
    sent = renewed;
  });

  it('is turned off by the clinician: the code, open sessions and unfinished uploads stop at once', async () => {
    const session = await selfExamLinkSession(t.app, linkOf(sent), nextAddress());
    const use = selfExamSessionSchema.parse((await startSelfExam(t.app, session, ['h1', 'h2'])).json());
    const off = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/patient-profiles/${patientId}/self-exam-link`,
      headers: as(ada),
    });
    expect(off.statusCode).toBe(204);
    const state = await t.app.inject({ url: `/api/v1/patient-profiles/${patientId}/self-exam-link`, headers: as(ada) });
    expect(state.json().selfExamLink).toMatchObject({ status: 'revoked' });
    expect(state.json().selfExamLink.revokedAt).not.toBeNull();

    const auth = await t.app.inject({
      method: 'POST',
      url: '/api/v1/self-exam-links/auth',
      payload: { selfExamLinkId: sent.selfExamLink.id, accessCode: sent.accessCode },
      remoteAddress: nextAddress(),
    });
    expect(auth.statusCode).toBe(400);
    expect(auth.json()).toMatchObject({ name: 'INVALID_LIVE_EXAM', message: expect.stringMatching(/turned this/) });
    const start = await startSelfExam(t.app, session, ['l5']);
    expect(start.json()).toMatchObject({ name: 'INVALID_LIVE_EXAM' });
    const late = await upload(use, 'h1');
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ name: 'INVALID_LIVE_EXAM', message: expect.stringMatching(/turned this/) });

    // Sending it again turns it back on, with a new code.
    sent = await sendSelfExamLink(t.app, ada, patientId);
    expect(sent.selfExamLink.status).toBe('active');
    await selfExamLinkSession(t.app, linkOf(sent), nextAddress());
  });

  it('runs out after its lifetime like a turned-off link', async () => {
    await t.database.db
      .updateTable('self_exam_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', sent.selfExamLink.id)
      .execute();
    const auth = await t.app.inject({
      method: 'POST',
      url: '/api/v1/self-exam-links/auth',
      payload: { selfExamLinkId: sent.selfExamLink.id, accessCode: sent.accessCode },
      remoteAddress: nextAddress(),
    });
    expect(auth.json()).toMatchObject({ name: 'INVALID_LIVE_EXAM' });
    const state = await t.app.inject({ url: `/api/v1/patient-profiles/${patientId}/self-exam-link`, headers: as(ada) });
    expect(state.json().selfExamLink.status).toBe('expired');
    sent = await sendSelfExamLink(t.app, ada, patientId);
  });

  it(`starts at most ${selfExamLinkUsesPerDay} self exams a day with one link`, async () => {
    const session = await selfExamLinkSession(t.app, linkOf(sent), nextAddress());
    const today = await t.database.db
      .selectFrom('self_exam_requests')
      .select(t.database.db.fn.countAll<string>().as('n'))
      .where('self_exam_link_id', '=', sent.selfExamLink.id)
      .executeTakeFirstOrThrow();
    for (let i = Number(today.n); i < selfExamLinkUsesPerDay; i++) {
      expect((await startSelfExam(t.app, session, ['h1'])).statusCode).toBe(201);
    }
    const refused = await startSelfExam(t.app, session, ['h1']);
    expect(refused.statusCode).toBe(429);
  });

  it(`locks a link after ${accessCodeFailuresPerCode} wrong codes an hour, whatever the client address`, async () => {
    for (let i = 0; i < accessCodeFailuresPerCode; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/self-exam-links/auth',
        payload: { selfExamLinkId: sent.selfExamLink.id, accessCode: 'AAAABBBBCC' },
        remoteAddress: nextAddress(),
      });
    }
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/self-exam-links/auth',
      payload: { selfExamLinkId: sent.selfExamLink.id, accessCode: sent.accessCode },
      remoteAddress: nextAddress(),
    });
    expect(locked.statusCode).toBe(429);
  });

  it('answers another organization’s patient like a missing one', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({
        method,
        url: `/api/v1/patient-profiles/${patientId}/self-exam-link`,
        headers: as(ben),
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(response.statusCode, method).toBe(404);
    }
  });
});
