// @vitest-environment node
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { initializeApp } from 'firebase/app';
import * as database from 'firebase/database';
import type { LiveExamState } from '@auscura/contracts';
import { createFirebaseChannel, liveExamPath } from './firebase-channel.ts';
import type { FirebaseDatabaseSdk } from './firebase-channel.ts';
import type { LiveExamChannel } from './live-exam-channel.ts';

// The SDK's browser build (what this app bundles) talks through the global WebSocket; Node 20 has none.
(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;

type FirebaseServerInstance = { close(callback?: () => void): void };
const FirebaseServer = createRequire(import.meta.url)('firebase-server') as new (
  options: { port: number; address: string },
  name: string,
) => FirebaseServerInstance;

const port = Number(process.env.FIREBASE_TEST_PORT ?? 8662);
const examId = '5b0c8f5e-7a63-4e0e-9d1b-3a6c1f0e2a11';

async function until(channel: LiveExamChannel, predicate: (state: LiveExamState) => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!channel.state || !predicate(channel.state)) {
    if (Date.now() > deadline) throw new Error(`timed out; state: ${JSON.stringify(channel.state)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return channel.state;
}

/**
 * The Firebase adapter's traffic against `firebase-server` (a local server that speaks the
 * Realtime Database's protocol: reads, writes, pushes, server timestamps). It does not carry out
 * onDisconnect, so those calls are checked where the adapter makes them, on the SDK's functions.
 */
describe('the Firebase live-exam channel', () => {
  let server: FirebaseServerInstance;
  const onDisconnectCalls: { path: string; op: string; value: unknown }[] = [];
  const channels: LiveExamChannel[] = [];
  const pathOf = (reference: database.DatabaseReference) =>
    decodeURIComponent(new URL(reference.toString()).pathname).replace(/^\//, '');

  /** The real SDK, with onDisconnect observed. */
  const sdk: FirebaseDatabaseSdk = {
    ...database,
    onDisconnect: (reference) => {
      const handle = database.onDisconnect(reference);
      return {
        ...handle,
        set: (value: unknown) => {
          onDisconnectCalls.push({ path: pathOf(reference), op: 'set', value });
          return handle.set(value);
        },
        cancel: () => {
          onDisconnectCalls.push({ path: pathOf(reference), op: 'cancel', value: null });
          return handle.cancel();
        },
      } as database.OnDisconnect;
    },
  };

  const open = (participant: { id: string; name: string; role: 'HealthcareProvider' | 'Patient' }) =>
    createFirebaseChannel({
      virtualExamId: examId,
      participant,
      firebase: { apiKey: 'test', projectId: 'auscura-test', databaseURL: `http://localhost:${port}?ns=auscura-test` },
      emulator: { host: 'localhost', port },
      sdk,
    }).then((channel) => {
      channels.push(channel);
      return channel;
    });

  beforeAll(() => {
    server = new FirebaseServer({ port, address: '127.0.0.1' }, 'auscura-test');
  });
  afterAll(async () => {
    for (const channel of channels) channel.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('carries the entry request both ways through the database, under the spec’s field names', async () => {
    const provider = await open({ id: 'provider-1', name: 'Dr. Lovelace', role: 'HealthcareProvider' });
    const patient = await open({ id: 'patient-1', name: 'Pat Patient', role: 'Patient' });
    const request = {
      name: 'Pat Patient',
      status: 'pending',
      participantId: 'patient-1',
      dateCreated: new Date().toISOString(),
    };
    await patient.write('examEntryRequest', request);
    await until(provider, (s) => s.examEntryRequest?.status === 'pending');
    await provider.write('examEntryRequest', { ...request, status: 'approved' });
    await until(patient, (s) => s.examEntryRequest?.status === 'approved');
    await provider.write('auscultationRequests/r1', { auscultationPoint: 'h1', status: 'pending' });
    await patient.write('auscultationRequests/r1/uploadProgress', 30);
    await until(provider, (s) => s.auscultationRequests.r1?.uploadProgress === 30);
    // Read back by a plain client of the same database: the spec's field names under the exam.
    const reader = database.getDatabase(
      initializeApp({ projectId: 'auscura-test', databaseURL: `http://localhost:${port}?ns=auscura-test` }, 'reader'),
    );
    database.connectDatabaseEmulator(reader, 'localhost', port);
    const stored = await new Promise<unknown>((resolve) => {
      const stop = database.onValue(database.ref(reader, liveExamPath(examId)), (snapshot) => {
        if (snapshot.val()?.auscultationRequests?.r1?.uploadProgress === 30) {
          stop();
          resolve(snapshot.val());
        }
      });
    });
    database.goOffline(reader);
    expect(stored).toMatchObject({
      examEntryRequest: { name: 'Pat Patient', status: 'approved' },
      auscultationRequests: { r1: { auscultationPoint: 'h1', uploadProgress: 30 } },
    });
    // A value of the wrong shape never leaves the client.
    await expect(provider.write('isTargetEnabled', 'yes')).rejects.toThrow();
  });

  it('writes each participant’s presence with a server time, and registers its loggedOut with onDisconnect', async () => {
    const [provider] = channels as [LiveExamChannel];
    const state = await until(provider, (s) => Object.keys(s.participantLog).length === 2);
    const entries = Object.entries(state.participantLog);
    expect(entries.map(([, entry]) => entry.role).sort()).toEqual(['HealthcareProvider', 'Patient']);
    expect(entries.every(([, entry]) => !Number.isNaN(Date.parse(entry.loggedIn)) && entry.loggedOut === null)).toBe(
      true,
    );
    for (const [key] of entries) {
      expect(onDisconnectCalls).toContainEqual({
        path: `${liveExamPath(examId)}/participantLog/${key}/loggedOut`,
        op: 'set',
        value: database.serverTimestamp(),
      });
    }
  });

  it('ends its presence when it leaves on purpose', async () => {
    const patient = channels[1]!;
    const provider = channels[0]!;
    const key = Object.entries(provider.state!.participantLog).find(([, entry]) => entry.role === 'Patient')![0];
    patient.close();
    await until(provider, (s) => s.participantLog[key]?.loggedOut !== null);
    expect(onDisconnectCalls).toContainEqual({
      path: `${liveExamPath(examId)}/participantLog/${key}`,
      op: 'cancel',
      value: null,
    });
  });
});
