import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { turnCredentialsSchema, videoRoomSchema } from '@auscura/contracts';
import type { PatientSession, VirtualExam } from '@auscura/contracts';
import { applyWrite } from '../realtime/rules.js';
import { createStateStore } from '../realtime/store.js';
import { createParticipantTokens } from '../realtime/tokens.js';
import { createTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { createVirtualExam, patientSession, signInProvider, somePatientOf } from '../test/virtual-exams.js';
import type { Provider } from '../test/virtual-exams.js';
import { patientTurnGraceSeconds } from './routes.js';

const secret = 'test-turn-secret';
const decodeJwt = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Admits a patient the way the live exam does: its entry request, then the provider's Admit. */
async function admit(t: TestApp, exam: VirtualExam, session: PatientSession, provider: Provider) {
  const store = createStateStore(t.database.db);
  const patient = {
    virtualExamId: exam.id,
    id: session.participantId,
    name: session.userName,
    role: 'Patient' as const,
  };
  const hp = { virtualExamId: exam.id, id: provider.id, name: 'Ada', role: 'HealthcareProvider' as const };
  await store.update(exam.id, (s) => applyWrite(s, patient, 'examEntryRequest', { status: 'pending' }));
  await store.update(exam.id, (s) => applyWrite(s, hp, 'examEntryRequest', { status: 'approved' }));
}

describe('the video room calls (embedded default, coturn credentials)', () => {
  let t: TestApp;
  let ada: Provider;
  let ben: Provider;
  let exam: VirtualExam;
  let session: PatientSession;

  beforeAll(async () => {
    t = await createTestApp('pglite', {
      TURN_URLS: 'stun:127.0.0.1:3480,turn:127.0.0.1:3480?transport=udp',
      TURN_SECRET: secret,
      TURN_CREDENTIAL_TTL_SECONDS: '3600',
    });
    ada = await signInProvider(t.app, 'ada@riverside.example');
    ben = await signInProvider(t.app, 'ben@lakeside.example');
    exam = await createVirtualExam(t.app, ada, await somePatientOf(t.app, ada));
    session = await patientSession(t.app, exam);
  });
  afterAll(async () => t?.close());

  const turn = (virtualExamId: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/v1/video/turn-credentials?virtualExamId=${virtualExamId}`, headers });

  it('gives a patient TURN credentials only once admitted, and only for the exam’s time left plus a grace', async () => {
    // Issue 36, item 6: not before admission…
    const short = await createVirtualExam(t.app, ada, await somePatientOf(t.app, ada));
    const shortSession = await patientSession(t.app, short);
    const waiting = await turn(short.id, bearer(shortSession.token));
    expect(waiting.statusCode).toBe(403);
    expect(waiting.json()).toMatchObject({ name: 'UNAUTHORIZED' });
    await admit(t, short, shortSession, ada);
    // …and for a short exam, not for the configured hour: its code's expiry plus the grace.
    const expiresAt = new Date(Date.now() + 10 * 60_000);
    await t.database.db
      .updateTable('virtual_exams')
      .set({ access_code_expires_at: expiresAt })
      .where('id', '=', short.id)
      .execute();
    const body = turnCredentialsSchema.parse((await turn(short.id, bearer(shortSession.token))).json());
    const expected = Math.ceil((expiresAt.getTime() - Date.now()) / 1000) + patientTurnGraceSeconds;
    expect(body.expiresIn).toBeLessThanOrEqual(expected);
    expect(body.expiresIn).toBeGreaterThan(expected - 5);
    expect(body.expiresIn).toBeLessThan(3600);
    const [expiry] = body.iceServers[1]!.username!.split(':');
    expect(Number(expiry) * 1000).toBeLessThanOrEqual(expiresAt.getTime() + patientTurnGraceSeconds * 1000 + 1000);
    // The provider keeps the configured lifetime.
    expect(turnCredentialsSchema.parse((await turn(short.id, bearer(ada.token))).json()).expiresIn).toBe(3600);
  });

  it('gives the exam’s provider and admitted patient coturn REST credentials that coturn would accept', async () => {
    const admitted = await createVirtualExam(t.app, ada, await somePatientOf(t.app, ada));
    const admittedSession = await patientSession(t.app, admitted);
    await admit(t, admitted, admittedSession, ada);
    // The exam's code outlives the hour: the configured lifetime bounds the patient's too.
    await t.database.db
      .updateTable('virtual_exams')
      .set({ access_code_expires_at: new Date(Date.now() + 4 * 3600_000) })
      .where('id', '=', admitted.id)
      .execute();
    for (const token of [ada.token, admittedSession.token]) {
      const before = Math.floor(Date.now() / 1000);
      const response = await turn(admitted.id, bearer(token));
      expect(response.statusCode).toBe(200);
      const body = turnCredentialsSchema.parse(response.json());
      expect(body.expiresIn).toBe(3600);
      expect(body.iceServers[0]).toEqual({ urls: ['stun:127.0.0.1:3480'] });
      const relay = body.iceServers[1]!;
      expect(relay.urls).toEqual(['turn:127.0.0.1:3480?transport=udp']);
      const [expiry, user] = relay.username!.split(':');
      expect(Number(expiry) - before).toBeGreaterThanOrEqual(3600);
      expect(Number(expiry) - before).toBeLessThanOrEqual(3601);
      // Nothing about the exam or the person in the username (coturn logs it).
      expect(user).not.toContain(admitted.id);
      expect(relay.username).not.toContain(admittedSession.participantId);
      expect(relay.credential).toBe(crypto.createHmac('sha1', secret).update(relay.username!).digest('base64'));
    }
  });

  it('refuses TURN credentials to anyone else', async () => {
    expect((await turn(exam.id)).statusCode).toBe(401);
    expect((await turn(exam.id, bearer(ben.token))).json()).toMatchObject({ name: 'RESOURCE_DOES_NOT_EXIST' });
    const other = await createVirtualExam(t.app, ada, await somePatientOf(t.app, ada));
    expect((await turn(other.id, bearer(session.token))).json()).toMatchObject({ name: 'UNAUTHORIZED' });
    expect((await turn(exam.id, bearer('ps1.forged.token'))).statusCode).toBe(401);
    expect((await turn('not-a-uuid', bearer(ada.token))).statusCode).toBe(400);
  });

  it('opens the exam’s room for its organization’s provider only', async () => {
    const create = (token: string, virtualExamId: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/video/rooms', headers: bearer(token), payload: { virtualExamId } });
    const response = await create(ada.token, exam.id);
    expect(response.statusCode).toBe(200);
    const room = videoRoomSchema.parse(response.json());
    expect(room).toMatchObject({ roomName: exam.id, service: 'p2p' });
    // In the embedded default the token admits to the exam's signaling: a participant token of the exam.
    const verified = await createParticipantTokens(t.database.db).verify(room.accessToken.value);
    expect(verified).toMatchObject({
      ok: true,
      participant: { virtualExamId: exam.id, id: ada.id, role: 'HealthcareProvider' },
    });
    expect((await create(ben.token, exam.id)).statusCode).toBe(404);
    expect((await create(session.token, exam.id)).statusCode).toBe(401);
  });

  it('gives the patient a room token only once admitted, and only for its own exam', async () => {
    const token = (headers: Record<string, string>, id = exam.id) =>
      t.app.inject({ method: 'POST', url: `/api/v1/video/rooms/${id}/tokens`, headers });
    expect((await token(bearer(session.token))).json()).toMatchObject({ name: 'UNAUTHORIZED' });
    expect((await token(bearer(session.token))).statusCode).toBe(403);
    await admit(t, exam, session, ada);
    const response = await token(bearer(session.token));
    expect(response.statusCode).toBe(200);
    const room = videoRoomSchema.parse(response.json());
    const verified = await createParticipantTokens(t.database.db).verify(room.accessToken.value);
    expect(verified).toMatchObject({ ok: true, participant: { id: session.participantId, role: 'Patient' } });
    expect((await token({})).statusCode).toBe(401);
    expect((await token(bearer(ada.token))).statusCode).toBe(401);
    const other = await createVirtualExam(t.app, ada, await somePatientOf(t.app, ada));
    expect((await token(bearer(session.token), other.id)).statusCode).toBe(401);
  });
});

describe('the video room calls with Twilio (tokens decoded offline)', () => {
  let t: TestApp;
  let ada: Provider;
  const accountSid = `AC${'1'.repeat(32)}`;
  const apiKeySid = `SK${'2'.repeat(32)}`;
  const apiKeySecret = 'twilio-api-key-secret';

  beforeAll(async () => {
    t = await createTestApp('pglite', {
      TWILIO_ACCOUNT_SID: accountSid,
      TWILIO_API_KEY_SID: apiKeySid,
      TWILIO_API_KEY_SECRET: apiKeySecret,
    });
    ada = await signInProvider(t.app, 'ada@riverside.example');
  });
  afterAll(async () => t?.close());

  it('answers Twilio access tokens with the right identity, room, grant and lifetime, signed with the API key', async () => {
    const exam = await createVirtualExam(t.app, ada, await somePatientOf(t.app, ada));
    const config = await t.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(config.json().adapters.video).toBe('twilio');

    const now = Math.floor(Date.now() / 1000);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/video/rooms',
      headers: bearer(ada.token),
      payload: { virtualExamId: exam.id },
    });
    const room = videoRoomSchema.parse(created.json());
    expect(room).toMatchObject({ roomName: exam.id, service: 'twilio', accessToken: { expiresIn: 4 * 3600 } });
    const [header, payload, signature] = room.accessToken.value.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toMatchObject({
      alg: 'HS256',
      cty: 'twilio-fpa;v=1',
    });
    const claims = decodeJwt(room.accessToken.value);
    expect(claims).toMatchObject({
      iss: apiKeySid,
      sub: accountSid,
      grants: { identity: ada.id, video: { room: exam.id } },
    });
    expect(claims.exp - claims.iat).toBe(4 * 3600);
    expect(Math.abs(claims.iat - now)).toBeLessThanOrEqual(2);
    const expected = crypto.createHmac('sha256', apiKeySecret).update(`${header}.${payload}`).digest('base64url');
    expect(signature).toBe(expected);

    const session = await patientSession(t.app, exam);
    await admit(t, exam, session, ada);
    const token = await t.app.inject({
      method: 'POST',
      url: `/api/v1/video/rooms/${exam.id}/tokens`,
      headers: bearer(session.token),
    });
    const patientClaims = decodeJwt(videoRoomSchema.parse(token.json()).accessToken.value);
    expect(patientClaims.grants).toEqual({ identity: session.participantId, video: { room: exam.id } });
  });
});
