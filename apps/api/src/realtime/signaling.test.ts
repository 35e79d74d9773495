import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerMessage } from '@auscura/contracts';
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

const signals = (socket: TestSocket) =>
  socket.messages.filter((m): m is Extract<ServerMessage, { type: 'signal' }> => m.type === 'signal');

/** The video room's signaling over the live exam's WebSocket: relayed between the sides, admitted only. */
describe('WebRTC signaling through the live exam’s WebSocket', () => {
  let t: TestApp;
  let baseUrl: string;
  let ada: Provider;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    t = await createTestApp('pglite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    ada = await signInProvider(t.app, 'ada@riverside.example');
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t?.close();
  });

  it('relays signals to the other side only, and not to a patient before it is admitted', async () => {
    const exam = await createVirtualExam(t.app, ada, await somePatientOf(t.app, ada));
    const session = await patientSession(t.app, exam, 'Pat Patient');
    const open = async (token: string) => {
      const socket = await TestSocket.open(baseUrl, exam.id, token);
      sockets.push(socket);
      await socket.waitFor((m) => m.type === 'ready');
      return socket;
    };
    const provider = await open(await participantToken(t.app, exam.id, { provider: ada }));
    const patient = await open(await participantToken(t.app, exam.id, { session }));
    // A second patient session of the same exam, never admitted: it must hear nothing.
    const stranger = await open(
      await participantToken(t.app, exam.id, { session: await patientSession(t.app, exam, 'Eve') }),
    );
    await patient.waitForState(() => true);

    patient.send({ type: 'signal', data: { kind: 'hello', session: 'p1' } });
    const refused = await patient.waitFor((m) => m.type === 'error');
    expect(refused).toMatchObject({ error: { name: 'UNAUTHORIZED' } });
    provider.send({ type: 'signal', data: { kind: 'hello', session: 'h0' } });

    await patient.write('examEntryRequest', { status: 'pending' });
    await provider.waitForState((s) => s.examEntryRequest?.status === 'pending');
    await provider.write('examEntryRequest', { status: 'approved' });
    await patient.waitForState((s) => s.examEntryRequest?.status === 'approved');

    const offer = { type: 'offer' as const, sdp: 'v=0\r\n' };
    provider.send({ type: 'signal', data: { kind: 'description', session: 'h1', description: offer } });
    const received = await patient.waitFor((m) => m.type === 'signal');
    expect(received).toEqual({
      type: 'signal',
      from: { id: ada.id, role: 'HealthcareProvider' },
      data: { kind: 'description', session: 'h1', description: offer },
    });
    patient.send({ type: 'signal', data: { kind: 'candidate', session: 'p1', candidate: null } });
    const back = await provider.waitFor((m) => m.type === 'signal');
    expect(back).toMatchObject({ from: { id: session.participantId, role: 'Patient' }, data: { kind: 'candidate' } });

    // The signal sent before admission never arrived; nothing echoes to the sender; the stranger heard nothing.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(signals(patient)).toHaveLength(1);
    expect(signals(provider)).toHaveLength(1);
    expect(signals(stranger)).toHaveLength(0);
  });

  it('closes a connection that sends a malformed signal', async () => {
    const exam = await createVirtualExam(t.app, ada, await somePatientOf(t.app, ada));
    const provider = await TestSocket.open(baseUrl, exam.id, await participantToken(t.app, exam.id, { provider: ada }));
    sockets.push(provider);
    await provider.waitFor((m) => m.type === 'ready');
    provider.socket.send(
      JSON.stringify({
        type: 'signal',
        data: { kind: 'description', session: 'x', description: { type: 'rollback', sdp: '' } },
      }),
    );
    expect((await provider.waitForClose()).code).toBe(4000);
  });
});
