import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { participantLogEntries } from '@auscura/contracts';
import { buildApp } from '../app.js';
import { loadEnv } from '../config/env.js';
import { connectDatabase, migrate } from '../db/connect.js';
import { seedDemoData } from '../seed/demo-data.js';
import { freshDatabase } from '../test/test-app.js';
import { TestSocket } from '../test/realtime-socket.js';
import {
  createVirtualExam,
  participantToken,
  patientSession,
  signInProvider,
  somePatientOf,
} from '../test/virtual-exams.js';

/** Acceptance 2: a restart of the API (embedded database: files on disk) keeps every exam's state. */
describe('a restart of the API', () => {
  let cleanup: () => Promise<void> = async () => undefined;
  afterAll(async () => cleanup());

  it('keeps every exam’s state, and ends the presences of the connections it closed', async () => {
    const fresh = await freshDatabase('pglite');
    const env = loadEnv({
      NODE_ENV: 'test',
      DATA_DIR: fresh.dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: path.join(fresh.dataDir, 'no-web'),
    });
    await migrate(fresh.handle);
    await seedDemoData(fresh.handle.db, { reset: false, tcVersion: env.TC_VERSION });
    const start = async (database: typeof fresh.handle) => {
      const app = await buildApp({ env, database }, { logger: false });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      return { app, origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
    };
    let database = fresh.handle;
    let server = await start(database);
    cleanup = async () => {
      await server.app.close();
      await database.close();
      await fresh.drop();
    };

    const ada = await signInProvider(server.app, 'ada@riverside.example');
    const patientId = await somePatientOf(server.app, ada);
    const exams = [
      await createVirtualExam(server.app, ada, patientId),
      await createVirtualExam(server.app, ada, patientId),
    ];
    const before = [];
    for (const [index, exam] of exams.entries()) {
      const session = await patientSession(server.app, exam, `Patient ${index}`);
      const provider = await TestSocket.open(
        server.origin,
        exam.id,
        await participantToken(server.app, exam.id, { provider: ada }),
      );
      const patient = await TestSocket.open(
        server.origin,
        exam.id,
        await participantToken(server.app, exam.id, { session }),
      );
      await patient.write('examEntryRequest', { status: 'pending' });
      await provider.waitForState((s) => s.examEntryRequest?.status === 'pending');
      await provider.write('examEntryRequest', { status: 'approved' });
      await provider.write('isTargetEnabled', index === 0);
      await provider.write('auscultationRequests/req-1', { auscultationPoint: `h${index + 1}` });
      await patient.write('isM1Connected', true);
      before.push(await provider.waitForState((s) => s.isM1Connected && !!s.auscultationRequests['req-1']));
    }

    // Stop the server and close the database, as a process exit does; then start again from disk.
    await server.app.close();
    await database.close();
    database = await connectDatabase({ dataDir: fresh.dataDir });
    server = await start(database);

    for (const [index, exam] of exams.entries()) {
      const provider = await TestSocket.open(
        server.origin,
        exam.id,
        await participantToken(server.app, exam.id, { provider: ada }),
      );
      const after = await provider.waitForState((s) => participantLogEntries(s).length === 3);
      provider.close();
      const { participantLog: _logBefore, ...restBefore } = before[index]!;
      const { participantLog: _logAfter, ...restAfter } = after;
      expect(restAfter).toEqual(restBefore);
      // The two presences of before the restart were ended when the server stopped.
      const entries = participantLogEntries(after);
      expect(entries.slice(0, 2).every((entry) => entry.loggedOut !== null)).toBe(true);
      expect(entries[2]).toMatchObject({ role: 'HealthcareProvider', loggedOut: null });
    }
  });
});
