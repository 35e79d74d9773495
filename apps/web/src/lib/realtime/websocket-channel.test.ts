// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { LiveExamState, PatientSession, VirtualExam } from '@auscura/contracts';
import type { LiveExamChannel } from './live-exam-channel.ts';
import { createWebSocketChannel } from './websocket-channel.ts';
import type { WebSocketConstructor } from './websocket-channel.ts';
import { call, signIn, startApi } from './test/running-api.ts';
import type { RunningApi } from './test/running-api.ts';

const port = Number(process.env.REALTIME_CLIENT_TEST_PORT ?? 8661);

/** Resolves when a channel's state satisfies the predicate. */
async function until(channel: LiveExamChannel, predicate: (state: LiveExamState) => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!channel.state || !predicate(channel.state)) {
    if (Date.now() > deadline) throw new Error(`timed out; state: ${JSON.stringify(channel.state)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return channel.state;
}

/** The built-in client against a real API process: entry, answers, and a restart in the middle. */
describe('the WebSocket live-exam channel', () => {
  let api: RunningApi;
  let exam: VirtualExam;
  let providerToken: string;
  let session: PatientSession;
  const channels: LiveExamChannel[] = [];

  beforeAll(async () => {
    api = await startApi(port);
    providerToken = await signIn(api.origin, 'ada@riverside.example', 'Auscura-demo-2026');
    const claims = JSON.parse(Buffer.from(providerToken.split('.')[1]!, 'base64url').toString());
    const patients = await call<{ items: { id: string }[] }>(
      api.origin,
      'GET',
      '/search/patient-profiles',
      providerToken,
    );
    exam = await call<VirtualExam>(api.origin, 'POST', '/virtual-exams', providerToken, {
      healthcareProviderId: claims['https://auscura.example/healthcareProviderId'],
      patientProfileId: patients.items[0]!.id,
      timeZone: 'UTC',
    });
    session = await call<PatientSession>(api.origin, 'POST', `/virtual-exams/${exam.id}/auth`, undefined, {
      userName: 'Pat Patient',
      accessCode: exam.accessCode,
    });
  }, 120_000);
  afterAll(async () => {
    for (const channel of channels) channel.close();
    await api?.stop();
  });

  const open = (kind: 'authorized-participant' | 'potential-participant', token: string) => {
    const channel = createWebSocketChannel({
      virtualExamId: exam.id,
      origin: api.origin,
      WebSocket: WebSocket as unknown as WebSocketConstructor,
      maxBackoffMs: 1000,
      getToken: async () =>
        (await call<{ value: string }>(api.origin, 'POST', `/realtime/auth/live-exam/${exam.id}/${kind}`, token)).value,
    });
    channels.push(channel);
    return channel;
  };

  it('asks to enter, is admitted, and both sides see it', async () => {
    const provider = open('authorized-participant', providerToken);
    const patient = open('potential-participant', session.token);
    const statuses: string[] = [];
    patient.onStatus((status) => statuses.push(status));
    await until(patient, () => true);
    await patient.write('examEntryRequest', { status: 'pending' });
    const asked = await until(provider, (s) => s.examEntryRequest?.status === 'pending');
    expect(asked.examEntryRequest?.name).toBe('Pat Patient');
    await provider.write('examEntryRequest', { ...asked.examEntryRequest, status: 'approved' });
    await until(patient, (s) => s.examEntryRequest?.status === 'approved');
    expect(statuses).toContain('connected');
    // A refused write rejects with the server's reason.
    await expect(patient.write('isTargetEnabled', true)).rejects.toThrow(/patient cannot write/);
  });

  it('reconnects and resynchronises on its own across an API restart, sending a write made meanwhile', async () => {
    const [provider, patient] = channels as [LiveExamChannel, LiveExamChannel];
    const seen: string[] = [];
    provider.onStatus((status) => seen.push(status));
    const restarting = api.restart();
    // Written while the server is away: it goes when the connection is back.
    while (provider.status !== 'reconnecting') await new Promise((resolve) => setTimeout(resolve, 10));
    const write = provider.write('isTargetEnabled', true);
    await restarting;
    await write;
    await until(patient, (s) => s.isTargetEnabled);
    // Resynchronised: the presences of before the restart are ended, both sides are present again.
    const state = await until(provider, (s) => {
      const entries = Object.values(s.participantLog);
      return entries.filter((e) => e.loggedOut === null).length === 2 && entries.filter((e) => e.loggedOut).length >= 2;
    });
    expect(state.examEntryRequest?.status).toBe('approved');
    expect(seen).toContain('reconnecting');
    expect(provider.status).toBe('connected');
  }, 60_000);
});
