import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/connect.js';
import { seedDemoData } from '../seed/demo-data.js';
import { newAccessCode } from '../patient-profiles/self-exam-repository.js';
import { freshDatabase } from '../test/test-app.js';
import { createVirtualExamRepository } from '../virtual-exams/repository.js';
import { addPresence, applyWrite } from './rules.js';
import type { Participant } from './rules.js';
import { createStateStore } from './store.js';

/** Two stores on one database stand for two API processes, each remembering what it last saw. */
describe('the live exam state store', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let examId: string;
  let newExam: () => Promise<string>;
  beforeAll(async () => {
    fresh = await freshDatabase('pglite');
    await migrate(fresh.handle);
    await seedDemoData(fresh.handle.db, { reset: false, tcVersion: 1 });
    const patient = await fresh.handle.db
      .selectFrom('patient_profiles')
      .select(['id', 'organization_id', 'healthcare_provider_id'])
      .executeTakeFirstOrThrow();
    newExam = () =>
      createVirtualExamRepository(fresh.handle.db).insert(
        {
          organizationId: patient.organization_id,
          patientProfileId: patient.id,
          healthcareProviderId: patient.healthcare_provider_id,
          accessCode: newAccessCode(),
          accessCodeExpiresAt: new Date(Date.now() + 3600_000),
          scheduledStartDate: null,
          scheduledEndDate: null,
          timeZone: 'UTC',
        },
        (id) => `http://localhost/virtual-exam/${id}`,
      );
    examId = await newExam();
  });
  afterAll(async () => {
    await fresh.handle.close();
    await fresh.drop();
  });

  it('decides on the newest document, not on a remembered copy that fell behind', async () => {
    const here = createStateStore(fresh.handle.db);
    const there = createStateStore(fresh.handle.db);
    const patient: Participant = { virtualExamId: examId, id: 'p1', name: 'Pat', role: 'Patient' };
    const provider: Participant = { virtualExamId: examId, id: 'd1', name: 'Dr', role: 'HealthcareProvider' };
    // "here" asks to enter and remembers that version; "there" admits the patient.
    const asked = await here.update(examId, (s) => applyWrite(s, patient, 'examEntryRequest', { status: 'pending' }));
    await there.update(examId, (s) => applyWrite(s, provider, 'examEntryRequest', { status: 'approved' }));
    // "here" never heard of the admission; its copy would refuse the patient's write.
    expect(() => applyWrite(asked!.state, patient, 'isM1Connected', true)).toThrow(/not been admitted/);
    const written = await here.update(examId, (s) => applyWrite(s, patient, 'isM1Connected', true));
    expect(written).toMatchObject({ version: 3, state: { isM1Connected: true, admitted: ['p1'] } });
    // And a write made on a stale copy that the database has moved past is made again on the newest.
    await there.update(examId, (s) => applyWrite(s, provider, 'isTargetEnabled', true));
    const both = await here.update(examId, (s) => applyWrite(s, provider, 'isReviewingAuscultation', true));
    expect(both).toMatchObject({ version: 5, state: { isTargetEnabled: true, isReviewingAuscultation: true } });
  });

  it('loses no change when many are written at once from two processes (they share batched UPDATEs)', async () => {
    const here = createStateStore(fresh.handle.db);
    const there = createStateStore(fresh.handle.db);
    const exams = await Promise.all([...Array(4).keys()].map(() => newExam()));
    const provider: Participant = { virtualExamId: examId, id: 'd1', name: 'Dr', role: 'HealthcareProvider' };
    // 10 presences added at once to each of 4 exams, alternately through either store: every one must
    // be in its document, each change one version (a batch that skipped the version check would drop some).
    const at = new Date();
    await Promise.all(
      exams.flatMap((exam) =>
        [...Array(10).keys()].map((i) =>
          (i % 2 ? there : here).update(exam, (s) =>
            addPresence(s, `key-${i}`, { ...provider, virtualExamId: exam }, at),
          ),
        ),
      ),
    );
    for (const exam of exams) {
      const stored = await here.read(exam);
      expect(Object.keys(stored.state.participantLog).sort()).toEqual(
        [...Array(10).keys()].map((i) => `key-${i}`).sort(),
      );
      expect(stored.version).toBe(10);
    }
  });
});
