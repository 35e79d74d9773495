import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('live-exam events in the audit trail', () => {
  let t: TestApp;
  let baseUrl: string;
  let ada: Provider;
  let patientProfileId: string;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    ada = await signInProvider(t.app, 'ada@riverside.example');
    patientProfileId = await somePatientOf(t.app, ada);
  });
  afterAll(async () => {
    await t?.close();
  });

  const entriesFor = (virtualExamId: string) =>
    t.database.db
      .selectFrom('audit_log')
      .select([
        'actor_kind',
        'actor_ref',
        'healthcare_provider_id',
        'action',
        'target_type',
        'patient_profile_id',
        'detail',
      ])
      .where('target_id', '=', virtualExamId)
      .where('target_type', 'in', ['live-exam', 'virtual-exam'])
      .where('action', 'in', ['join', 'leave', 'update'])
      .orderBy('seq')
      .execute();

  it('records who came in, the way in, and who left — the patient by its exam, never by its name', async () => {
    const exam = await createVirtualExam(t.app, ada, patientProfileId);
    const session = await patientSession(t.app, exam, 'Pat Patient');
    const provider = await TestSocket.open(baseUrl, exam.id, await participantToken(t.app, exam.id, { provider: ada }));
    const patient = await TestSocket.open(baseUrl, exam.id, await participantToken(t.app, exam.id, { session }));
    await provider.waitFor((m) => m.type === 'ready');
    await patient.waitFor((m) => m.type === 'ready');
    await patient.write('examEntryRequest', { status: 'pending' });
    await provider.waitForState((s) => s.examEntryRequest?.status === 'pending');
    await provider.write('examEntryRequest', { status: 'approved' });
    patient.close();
    await provider.waitForState((s) =>
      Object.values(s.participantLog).some((e) => e.role === 'Patient' && e.loggedOut !== null),
    );
    provider.close();

    let rows: Awaited<ReturnType<typeof entriesFor>> = [];
    for (let i = 0; i < 50; i++) {
      rows = await entriesFor(exam.id);
      if (rows.filter((r) => r.action === 'leave').length === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const summary = rows.map((r) => `${r.actor_kind} ${r.action} ${r.target_type}`);
    expect(summary).toEqual(
      expect.arrayContaining([
        'patient join virtual-exam',
        'healthcare-provider join live-exam',
        'patient join live-exam',
        'patient update live-exam',
        'healthcare-provider update live-exam',
        'patient leave live-exam',
        'healthcare-provider leave live-exam',
      ]),
    );
    const decisions = rows.filter((r) => r.action === 'update').map((r) => JSON.stringify(r.detail));
    expect(decisions.join(' ')).toContain('pending');
    expect(decisions.join(' ')).toContain('approved');
    for (const row of rows) {
      expect(row.patient_profile_id).toBe(patientProfileId);
      if (row.actor_kind === 'patient') expect(row.actor_ref).toBe(exam.id);
      if (row.actor_kind === 'healthcare-provider') expect(row.healthcare_provider_id).toBe(ada.id);
    }
    expect(JSON.stringify(rows)).not.toContain('Pat Patient');
  });
});
