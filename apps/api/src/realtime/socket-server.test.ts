import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participantLogEntries, realtimeCloseCodes } from '@auscura/contracts';
import type { LiveExamState, PatientSession, VirtualExam } from '@auscura/contracts';
import { createTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { TestSocket } from '../test/realtime-socket.js';
import {
  createVirtualExam,
  participantToken,
  patientSession,
  signInProvider,
  somePatientOf,
} from '../test/virtual-exams.js';
import type { Provider } from '../test/virtual-exams.js';
import { createParticipantTokens } from './tokens.js';

const patientEntries = (state: LiveExamState) => participantLogEntries(state).filter((e) => e.role === 'Patient');

describe('the live exam’s WebSocket', () => {
  let t: TestApp;
  let baseUrl: string;
  let ada: Provider;
  let ben: Provider;
  let patientProfileId: string;
  const sockets: TestSocket[] = [];

  /** A fresh exam with its provider and one patient session, both connected. */
  async function room(): Promise<{
    exam: VirtualExam;
    session: PatientSession;
    provider: TestSocket;
    patient: TestSocket;
  }> {
    const exam = await createVirtualExam(t.app, ada, patientProfileId);
    const session = await patientSession(t.app, exam, 'Pat Patient');
    const provider = await TestSocket.open(baseUrl, exam.id, await participantToken(t.app, exam.id, { provider: ada }));
    const patient = await TestSocket.open(baseUrl, exam.id, await participantToken(t.app, exam.id, { session }));
    sockets.push(provider, patient);
    await provider.waitFor((m) => m.type === 'ready');
    await patient.waitFor((m) => m.type === 'ready');
    return { exam, session, provider, patient };
  }

  beforeAll(async () => {
    t = await createTestApp('pglite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    ada = await signInProvider(t.app, 'ada@riverside.example');
    ben = await signInProvider(t.app, 'ben@lakeside.example');
    patientProfileId = await somePatientOf(t.app, ada);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t?.close();
  });

  it('carries the entry request from the patient to the provider and the answer back', async () => {
    const { provider, patient, session } = await room();
    // Waiting to enter, the patient sees nothing of the exam but its own request.
    const waiting = await patient.waitForState(() => true);
    expect(waiting.participantLog).toEqual({});
    expect(await patient.write('examEntryRequest', { status: 'pending' })).toMatchObject({ type: 'ack' });
    const asked = await provider.waitForState((s) => s.examEntryRequest?.status === 'pending');
    expect(asked.examEntryRequest).toMatchObject({ name: 'Pat Patient', participantId: session.participantId });
    expect(await provider.write('examEntryRequest', { status: 'approved' })).toMatchObject({ type: 'ack' });
    const admitted = await patient.waitForState((s) => s.examEntryRequest?.status === 'approved');
    // Admitted, the patient sees the room: who is there.
    expect(participantLogEntries(admitted).map((e) => e.role)).toContain('HealthcareProvider');
  });

  it('lets the patient write only what the patient’s side must', async () => {
    const { provider, patient } = await room();
    const refusedBeforeEntry = await patient.write('isM1Connected', true);
    expect(refusedBeforeEntry).toMatchObject({ type: 'error', error: { name: 'UNAUTHORIZED' } });
    await patient.write('examEntryRequest', { status: 'pending' });
    // A patient cannot admit itself.
    expect(await patient.write('examEntryRequest', { status: 'approved' })).toMatchObject({ type: 'error' });
    await provider.waitForState((s) => s.examEntryRequest?.status === 'pending');
    await provider.write('examEntryRequest', { status: 'approved' });
    await patient.waitForState((s) => s.examEntryRequest?.status === 'approved');
    expect(await patient.write('isM1Connected', true)).toMatchObject({ type: 'ack' });
    await provider.waitForState((s) => s.isM1Connected);
    for (const [path, value] of [
      ['isTargetEnabled', true],
      ['isReviewingAuscultation', true],
      ['avRoomId', 'room-1'],
      ['auscultationMicActivationRequest', new Date().toISOString()],
      ['auscultationRequests/r1', { auscultationPoint: 'h1' }],
      ['participantLog', {}],
    ] as const) {
      expect(await patient.write(path, value), path).toMatchObject({ type: 'error' });
    }
    // The provider asks for a recording; the patient reports its progress on it.
    expect(await provider.write('auscultationRequests/r1', { auscultationPoint: 'h1' })).toMatchObject({ type: 'ack' });
    expect(await patient.write('auscultationRequests/r1/uploadProgress', 40)).toMatchObject({ type: 'ack' });
    expect(
      await patient.write('auscultationRequests/r1/recordingStartRequest', new Date().toISOString()),
    ).toMatchObject({
      type: 'error',
    });
    const state = await provider.waitForState((s) => s.auscultationRequests.r1?.uploadProgress === 40);
    expect(state.auscultationRequests.r1).toMatchObject({ auscultationPoint: 'h1', status: 'pending' });
    // Values of the wrong shape are refused for anyone.
    expect(await provider.write('isTargetEnabled', 'yes')).toMatchObject({
      type: 'error',
      error: { name: 'INVALID_DATA' },
    });
    expect(await provider.write('nonsense', 1)).toMatchObject({ type: 'error' });
  });

  it('marks a participant loggedOut within 10 s of its connection closing', async () => {
    const { provider, patient } = await room();
    await provider.waitForState((s) => patientEntries(s).some((e) => e.loggedOut === null));
    const closedAt = Date.now();
    patient.close();
    const state = await provider.waitForState((s) => patientEntries(s).every((e) => e.loggedOut !== null), 10_000);
    expect(Date.now() - closedAt).toBeLessThan(10_000);
    expect(patientEntries(state)[0]!.name).toBe('Pat Patient');
  });

  it('cancels the patient’s open recordings when the patient disconnects, and keeps the stored ones', async () => {
    const { provider, patient } = await room();
    await patient.write('examEntryRequest', { status: 'pending' });
    await provider.waitForState((s) => s.examEntryRequest?.status === 'pending');
    await provider.write('examEntryRequest', { status: 'approved' });
    await patient.waitForState((s) => s.examEntryRequest?.status === 'approved');
    const started = new Date().toISOString();
    await provider.write('auscultationRequests/open', { auscultationPoint: 'h1', recordingStartRequest: started });
    await provider.write('auscultationRequests/notStarted', { auscultationPoint: 'h2' });
    // The server links stored recordings; a patient's page may not (it could point at another one).
    expect(
      await patient.write('auscultationRequests/open/auscultationId', '00000000-0000-4000-8000-000000000001'),
    ).toMatchObject({ type: 'error', error: { name: 'UNAUTHORIZED' } });
    const closedAt = Date.now();
    patient.close();
    const state = await provider.waitForState((s) => s.auscultationRequests.open?.status === 'cancelled', 10_000);
    expect(Date.now() - closedAt).toBeLessThan(10_000);
    expect(state.auscultationRequests.open).toMatchObject({ status: 'cancelled', error: 'PatientDisconnected' });
    // A request the clinician had not started yet is no recording of the patient's: it stays.
    expect(state.auscultationRequests.notStarted).toMatchObject({ status: 'pending', error: null });
  });

  it('marks a participant loggedOut within 10 s when its connection goes silent (no heartbeat)', async () => {
    const { provider, patient } = await room();
    await provider.waitForState((s) => patientEntries(s).some((e) => e.loggedOut === null));
    // The provider keeps its heartbeat; the patient's side sends nothing more, as after a network cut.
    patient.stopHeartbeat();
    const silentSince = Date.now();
    await provider.waitForState((s) => patientEntries(s).every((e) => e.loggedOut !== null), 10_000);
    expect(Date.now() - silentSince).toBeLessThan(10_000);
    expect((await patient.waitForClose()).code).toBe(1006);
  });

  it('refuses forged, expired and other exams’ tokens, and Ben’s way into Ada’s exam', async () => {
    const { exam, provider } = await room();
    const forged = await TestSocket.open(baseUrl, exam.id, 'rt1.e30.AAAA');
    expect((await forged.waitForClose()).code).toBe(realtimeCloseCodes.tokenRefused);
    const tokens = createParticipantTokens(t.database.db);
    const old = await tokens.issue({ virtualExamId: exam.id, id: 'x', name: 'X', role: 'Patient' });
    // Signed a while ago: a token from another process's clock that has run out.
    const expired = `${old.split('.')[0]}.${Buffer.from(JSON.stringify({ ve: exam.id, pid: 'x', n: 'X', r: 'Patient', iat: 1, exp: 2 })).toString('base64url')}`;
    const expiredSocket = await TestSocket.open(baseUrl, exam.id, `${expired}.${old.split('.')[2]}`);
    expect((await expiredSocket.waitForClose()).code).toBe(realtimeCloseCodes.tokenRefused);
    const other = await createVirtualExam(t.app, ada, patientProfileId);
    const wrongExam = await TestSocket.open(
      baseUrl,
      other.id,
      await participantToken(t.app, exam.id, { provider: ada }),
    );
    expect((await wrongExam.waitForClose()).code).toBe(realtimeCloseCodes.forbidden);
    await expect(participantToken(t.app, exam.id, { provider: ben })).rejects.toThrow(/404/);
    // Nothing was written by any of them.
    expect(participantLogEntries(provider.state!)).toHaveLength(2);
  });

  it('ends the presences of a process that died, from another process’s sweep', async () => {
    const { exam, provider } = await room();
    const deadServer = 'a-crashed-process';
    const loggedIn = new Date(Date.now() - 60_000).toISOString();
    await t.database.db
      .updateTable('live_exam_states')
      .set({
        state: JSON.stringify({
          ...provider.state,
          participantLog: {
            ...provider.state!.participantLog,
            ghost: { id: 'g', name: 'Ghost', role: 'Patient', loggedIn, loggedOut: null },
          },
          admitted: [],
        }),
      })
      .where('virtual_exam_id', '=', exam.id)
      .execute();
    await t.database.db
      .insertInto('realtime_servers')
      .values({ server_id: deadServer, last_seen: new Date(Date.now() - 30_000) })
      .execute();
    await t.database.db
      .insertInto('live_exam_presences')
      .values({ presence_key: 'ghost', virtual_exam_id: exam.id, server_id: deadServer })
      .execute();
    await t.app.realtime.sweep();
    const state = await provider.waitForState((s) => s.participantLog.ghost?.loggedOut != null);
    // loggedOut is when the dead process was last heard of.
    expect(Date.parse(state.participantLog.ghost!.loggedOut!)).toBeLessThan(Date.now() - 25_000);
  });
});
