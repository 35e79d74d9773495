import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatAccessCode, patientSessionSchema } from '@auscura/contracts';
import type { VirtualExam } from '@auscura/contracts';
import { createTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { createVirtualExam, patientSession, signInProvider, slot, somePatientOf } from '../test/virtual-exams.js';
import type { Provider } from '../test/virtual-exams.js';
import { accessCodeFailuresPerCode } from '../identity/lockout.js';

/** The patient's way in (PGlite only: the throttles and tokens are the same SQL on both). */
describe('a patient’s way into a virtual exam', () => {
  let t: TestApp;
  let ada: Provider;
  let ben: Provider;
  let exam: VirtualExam;
  let address = 0;
  /** Each test from its own client address, so the per-client throttle of one does not touch another. */
  const nextAddress = () => `10.9.${Math.floor(++address / 250)}.${address % 250}`;

  const lookup = (code: string, remoteAddress = nextAddress()) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/virtual-exams/access-code/${encodeURIComponent(code)}`,
      remoteAddress,
    });
  const auth = (id: string, accessCode: string, remoteAddress = nextAddress()) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/virtual-exams/${id}/auth`,
      payload: { userName: 'Pat Patient', accessCode },
      remoteAddress,
    });
  const expire = (id: string) =>
    t.database.db
      .updateTable('virtual_exams')
      .set({ access_code_expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();

  beforeAll(async () => {
    t = await createTestApp('pglite');
    ada = await signInProvider(t.app, 'ada@riverside.example');
    ben = await signInProvider(t.app, 'ben@lakeside.example');
    exam = await createVirtualExam(t.app, ada, await somePatientOf(t.app, ada), { start: slot(30), end: slot(60) });
  });
  afterAll(async () => t?.close());

  it('finds the exam from its code however it is typed, and tells nothing about the patient', async () => {
    for (const typed of [
      exam.accessCode,
      formatAccessCode(exam.accessCode),
      ` ${formatAccessCode(exam.accessCode).toLowerCase()} `,
    ]) {
      const response = await lookup(typed);
      expect(response.statusCode, typed).toBe(200);
      expect(response.json()).toEqual({
        virtualExamId: exam.id,
        scheduledStartDate: exam.scheduledStartDate,
        scheduledEndDate: exam.scheduledEndDate,
      });
    }
  });

  it('answers a wrong code and an expired one alike, so a guess learns nothing', async () => {
    const expired = await createVirtualExam(t.app, ada, exam.patientProfileId);
    await expire(expired.id);
    const wrong = await lookup('AAAA-BBB-CCCC');
    const old = await lookup(expired.accessCode);
    const malformed = await lookup('0');
    for (const response of [wrong, old, malformed]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        type: 3,
        name: 'EXPIRED_ACCESS_CODE',
        message: 'This access code is not valid or has expired.',
      });
    }
    // The auth call too: wrong code, expired code and unknown exam answer the same.
    const answers = await Promise.all([
      auth(exam.id, 'AAAABBBCCC'),
      auth(expired.id, expired.accessCode),
      auth('00000000-0000-4000-8000-000000000000', exam.accessCode),
    ]);
    expect(new Set(answers.map((response) => `${response.statusCode} ${response.body}`)).size).toBe(1);
    expect(answers[0]!.statusCode).toBe(401);
  });

  it('locks a client out after 20 wrong codes, whatever exam it tries, and leaves other clients alone', async () => {
    const guesser = nextAddress();
    for (let i = 0; i < 20; i++)
      expect((await lookup(`ZZZZZZZZ${String(i).padStart(2, '2')}`, guesser)).statusCode).toBe(401);
    const locked = await lookup(exam.accessCode, guesser);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).not.toHaveProperty('virtualExamId');
    expect((await auth(exam.id, exam.accessCode, guesser)).statusCode).toBe(429);
    expect((await lookup(exam.accessCode)).statusCode).toBe(200);
  });

  it('guessing from one address locks that address, never the patient at another', async () => {
    // Issue 36, acceptance 3: the per-address lock comes long before the exam's own ceiling.
    const target = await createVirtualExam(t.app, ada, exam.patientProfileId);
    const guesser = nextAddress();
    const answers: number[] = [];
    for (let i = 0; i < 40; i++)
      answers.push((await auth(target.id, `WRONG${String(i).padStart(5, '2')}`, guesser)).statusCode);
    expect(answers.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(answers.slice(20).every((status) => status === 429)).toBe(true);
    expect((await auth(target.id, target.accessCode, guesser)).statusCode).toBe(429);
    expect((await auth(target.id, target.accessCode)).statusCode).toBe(200);
  });

  it(`locks an exam after ${accessCodeFailuresPerCode} wrong codes an hour against it from any number of clients`, async () => {
    const target = await createVirtualExam(t.app, ada, exam.patientProfileId);
    for (let i = 0; i < accessCodeFailuresPerCode; i++)
      expect((await auth(target.id, `WRONG${String(i).padStart(5, '2')}`)).statusCode).toBe(401);
    // Even the right code from a fresh address waits for the lock to end: 2^50 codes stay unguessable.
    expect((await auth(target.id, target.accessCode)).statusCode).toBe(429);
    expect((await auth(exam.id, exam.accessCode)).statusCode).toBe(200);
  });

  it('gives a short session for the right code, scoped to its exam, refreshable while the exam is live', async () => {
    const session = patientSessionSchema.parse(await patientSession(t.app, exam, 'Pat Patient', nextAddress()));
    expect(session).toMatchObject({
      virtualExamId: exam.id,
      userName: 'Pat Patient',
      expiresIn: 600,
      tokenType: 'Bearer',
    });
    const refresh = (id: string, token = session.token) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/virtual-exams/${id}/auth/refresh`,
        headers: { authorization: `Bearer ${token}` },
      });
    const renewed = await refresh(exam.id);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json()).toMatchObject({ participantId: session.participantId, userName: 'Pat Patient' });
    // Not for another exam, not with a forged or a provider's token.
    const other = await createVirtualExam(t.app, ada, exam.patientProfileId);
    expect((await refresh(other.id)).statusCode).toBe(401);
    const forged = `${session.token.slice(0, -4)}AAAA`;
    expect((await refresh(exam.id, forged)).json()).toMatchObject({ name: 'UNAUTHORIZED' });
    expect((await refresh(exam.id, ada.token)).statusCode).toBe(401);
    // Past its 10 minutes the session is over: EXPIRED_SESSION.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 601_000 });
    try {
      expect((await refresh(exam.id)).json()).toMatchObject({ type: 4, name: 'EXPIRED_SESSION' });
    } finally {
      vi.useRealTimers();
    }
    // Once the exam's code has expired, no refresh: INVALID_LIVE_EXAM.
    const ending = await createVirtualExam(t.app, ada, exam.patientProfileId);
    const late = await patientSession(t.app, ending, 'Pat', nextAddress());
    await expire(ending.id);
    expect((await refresh(ending.id, late.token)).json()).toMatchObject({ type: 2, name: 'INVALID_LIVE_EXAM' });
  });

  it('gives participant tokens to the organization’s providers and to the exam’s patient only', async () => {
    const session = await patientSession(t.app, exam, 'Pat Patient', nextAddress());
    const call = (kind: string, token: string, id = exam.id) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/realtime/auth/live-exam/${id}/${kind}`,
        headers: { authorization: `Bearer ${token}` },
      });
    const provider = await call('authorized-participant', ada.token);
    expect(provider.statusCode).toBe(200);
    expect(provider.json()).toMatchObject({ value: expect.stringMatching(/^rt1\./), expiresIn: 60 });
    expect((await call('authorized-participant', ben.token)).statusCode).toBe(404);
    expect((await call('authorized-participant', session.token)).statusCode).toBe(401);
    expect((await call('potential-participant', session.token)).statusCode).toBe(200);
    const other = await createVirtualExam(t.app, ada, exam.patientProfileId);
    expect((await call('potential-participant', session.token, other.id)).statusCode).toBe(401);
    expect((await call('potential-participant', ada.token)).statusCode).toBe(401);
  });
});
