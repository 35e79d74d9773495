import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participantLogEntries } from '@auscura/contracts';
import type { PatientSession } from '@auscura/contracts';
import { migrate } from '../db/connect.js';
import type { DatabaseHandle } from '../db/connect.js';
import { seedDemoData } from '../seed/demo-data.js';
import { freshDatabase } from '../test/test-app.js';
import { TestSocket } from '../test/realtime-socket.js';
import { startServerProcess } from '../test/server-process.js';
import type { ServerProcess } from '../test/server-process.js';
import { newAccessCode } from '../patient-profiles/self-exam-repository.js';
import { createVirtualExamRepository } from '../virtual-exams/repository.js';
import { createParticipantTokens } from './tokens.js';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Ports for the two processes; override when another run uses them. */
const basePort = Number(process.env.REALTIME_TEST_PORT ?? 8640);

/**
 * Two API processes on one PostgreSQL database, fanning out through Redis: the provider is
 * connected to one, the patient to the other. Needs TEST_DATABASE_URL and a Redis server.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('the live exam across two API processes and Redis', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let db: DatabaseHandle;
  let first: ServerProcess;
  let second: ServerProcess;
  let virtualExamId: string;
  let accessCode: string;
  const sockets: TestSocket[] = [];

  async function patientOn(server: ServerProcess, session?: PatientSession) {
    session ??= (await (
      await fetch(`${server.origin}/api/v1/virtual-exams/${virtualExamId}/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userName: 'Pat Patient', accessCode }),
      })
    ).json()) as PatientSession;
    const token = (await (
      await fetch(`${server.origin}/api/v1/realtime/auth/live-exam/${virtualExamId}/potential-participant`, {
        method: 'POST',
        headers: { authorization: `Bearer ${session.token}` },
      })
    ).json()) as { value: string };
    const socket = await TestSocket.open(server.origin, virtualExamId, token.value);
    sockets.push(socket);
    return { socket, session };
  }

  beforeAll(async () => {
    fresh = await freshDatabase('postgres', { empty: true });
    db = fresh.handle;
    await migrate(db);
    await seedDemoData(db.db, { reset: false, tcVersion: 1 });
    const env = { DATABASE_URL: fresh.url!, REDIS_URL: redisUrl, SEED_DEMO_DATA: 'false' };
    [first, second] = await Promise.all([startServerProcess(basePort, env), startServerProcess(basePort + 1, env)]);
    const patient = await db.db
      .selectFrom('patient_profiles')
      .select(['id', 'organization_id', 'healthcare_provider_id'])
      .executeTakeFirstOrThrow();
    accessCode = newAccessCode();
    virtualExamId = await createVirtualExamRepository(db.db).insert(
      {
        organizationId: patient.organization_id,
        patientProfileId: patient.id,
        healthcareProviderId: patient.healthcare_provider_id,
        accessCode,
        accessCodeExpiresAt: new Date(Date.now() + 3600_000),
        scheduledStartDate: null,
        scheduledEndDate: null,
        timeZone: 'UTC',
      },
      (id) => `${first.origin}/virtual-exam/${id}`,
    );
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await Promise.allSettled([first?.stop(), second?.stop()]);
    await db?.close();
    await fresh?.drop();
  });

  it('carries the entry request and its answer between a provider and a patient on different processes', async () => {
    // The provider's participant token, as POST …/authorized-participant answers it on any process.
    const providerToken = await createParticipantTokens(db.db).issue({
      virtualExamId,
      id: 'provider-1',
      name: 'Dr. Lovelace',
      role: 'HealthcareProvider',
    });
    const provider = await TestSocket.open(first.origin, virtualExamId, providerToken);
    sockets.push(provider);
    const { socket: patient } = await patientOn(second);
    await patient.waitFor((m) => m.type === 'ready');
    await patient.write('examEntryRequest', { status: 'pending' });
    await provider.waitForState(
      (s) => s.examEntryRequest?.status === 'pending' && s.examEntryRequest.name === 'Pat Patient',
    );
    await provider.write('examEntryRequest', { status: 'approved' });
    await patient.waitForState((s) => s.examEntryRequest?.status === 'approved');
    await patient.write('isM1Connected', true);
    await provider.waitForState((s) => s.isM1Connected);
  });

  it('ends the presence of a patient whose process was killed, from the other process, within 10 s', async () => {
    const provider = sockets[0]!;
    const killedAt = Date.now();
    await second.stop('SIGKILL');
    const state = await provider.waitForState(
      (s) =>
        participantLogEntries(s)
          .filter((e) => e.role === 'Patient')
          .every((e) => e.loggedOut !== null),
      12_000,
    );
    expect(Date.now() - killedAt).toBeLessThan(10_000);
    expect(state.isM1Connected).toBe(true);
  });

  it('keeps the state through a restart: the patient comes back on a new process and finds it', async () => {
    second = await startServerProcess(basePort + 2, {
      DATABASE_URL: fresh.url!,
      REDIS_URL: redisUrl,
      SEED_DEMO_DATA: 'false',
    });
    const { socket: patient } = await patientOn(second);
    // A new session is a new participant: it asks again, and sees only its own request meanwhile.
    await patient.write('examEntryRequest', { status: 'pending' });
    const provider = sockets[0]!;
    await provider.waitForState((s) => s.examEntryRequest?.status === 'pending');
    await provider.write('examEntryRequest', { status: 'approved' });
    const state = await patient.waitForState((s) => s.examEntryRequest?.status === 'approved');
    expect(state.isM1Connected).toBe(true);
    expect(participantLogEntries(state).filter((e) => e.role === 'Patient')).toHaveLength(2);
  });
});
