import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '@auscura/audio-engine';
import { auscultationRequestSchema } from '@auscura/contracts';
import type { PatientSession, VirtualExam } from '@auscura/contracts';
import type { StoredState } from '../realtime/rules.js';
import { auscultationUpload } from '../test/multipart.js';
import { createTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { createVirtualExam, patientSession, signInProvider, somePatientOf } from '../test/virtual-exams.js';
import type { Provider } from '../test/virtual-exams.js';

/**
 * The patient's remote recordings (issue 17): POST /exams/{id}/auscultations with the patient's
 * session token, its virtual exam and the auscultation request in the query, accepted only for its
 * own virtual exam's exam, once admitted, while a recording of that point is open.
 */
describe('a patient’s remote recording', () => {
  let t: TestApp;
  let ada: Provider;
  let virtualExam: VirtualExam;
  let examId: string;
  let session: PatientSession;
  const wav = Buffer.from(encodeWav([new Float32Array(8000).map((_, i) => Math.sin(i / 5) * 0.2)], 4000));

  const upload = (
    options: { label?: string; requestId?: string; token?: string; exam?: string; clientRecordingId?: string } = {},
  ) => {
    const label = options.label ?? 'h1';
    const body = auscultationUpload(
      {
        auscultationPoint: { type: label.startsWith('h') ? 'heart' : 'lungs', label },
        clientRecordingId: options.clientRecordingId ?? crypto.randomUUID(),
        deviceLabel: 'USB MIC',
      },
      wav,
    );
    const query =
      options.requestId === ''
        ? ''
        : `?virtualExamId=${virtualExam.id}&auscultationRequestId=${options.requestId ?? 'r1'}`;
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/exams/${options.exam ?? examId}/auscultations${query}`,
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${options.token ?? session.token}` },
    });
  };
  const state = async () => (await t.app.realtime.read(virtualExam.id)).state;
  const setState = (change: (state: StoredState) => StoredState) => t.app.realtime.change(virtualExam.id, change);
  /** The clinician asks for a recording of `label` (as the provider's page writes it). */
  const ask = (id: string, label: string) =>
    setState((s) => ({
      ...s,
      auscultationRequests: {
        ...s.auscultationRequests,
        [id]: auscultationRequestSchema.parse({
          auscultationPoint: label,
          recordingStartRequest: new Date().toISOString(),
        }),
      },
    }));
  const auscultationCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('auscultations')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('exam_id', '=', examId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp('pglite');
    ada = await signInProvider(t.app, 'ada@riverside.example');
    virtualExam = await createVirtualExam(t.app, ada, await somePatientOf(t.app, ada));
    const created = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/virtual-exams/${virtualExam.id}/exam`,
      headers: { authorization: `Bearer ${ada.token}` },
    });
    examId = (created.json() as { id: string }).id;
    session = await patientSession(t.app, virtualExam);
  });
  afterAll(async () => t?.close());

  it('is refused before the provider admits the patient', async () => {
    await ask('r0', 'h1');
    const response = await upload({ requestId: 'r0' });
    expect(response.statusCode).toBe(403);
    expect(await auscultationCount()).toBe(0);
  });

  it('stores the open point’s recording once, linked to its request, and a retry answers the same one', async () => {
    await setState((s) => ({ ...s, admitted: [session.participantId] }));
    await ask('r1', 'h1');
    const clientRecordingId = crypto.randomUUID();
    const first = await upload({ clientRecordingId });
    expect(first.statusCode).toBe(201);
    const stored = first.json() as { id: string; auscultationPoint: { label: string } };
    expect(stored.auscultationPoint.label).toBe('h1');
    expect((await state()).auscultationRequests.r1).toMatchObject({ auscultationId: stored.id, status: 'processing' });

    const again = await upload({ clientRecordingId });
    expect(again.statusCode).toBe(200);
    expect((again.json() as { id: string }).id).toBe(stored.id);
    expect(await auscultationCount()).toBe(1);
    // The request is answered: another recording for it is refused.
    expect((await upload()).statusCode).toBe(400);
    expect(await auscultationCount()).toBe(1);
  });

  it('refuses another point, a cancelled request, an unknown one, and another exam, storing nothing', async () => {
    await ask('r2', 'l1');
    const wrongPoint = await upload({ requestId: 'r2', label: 'l2' });
    expect(wrongPoint.statusCode).toBe(400);
    expect(wrongPoint.json()).toMatchObject({ name: 'INVALID_LIVE_EXAM' });

    await setState((s) => ({
      ...s,
      auscultationRequests: {
        ...s.auscultationRequests,
        r2: { ...s.auscultationRequests.r2!, status: 'cancelled', recordingCancelRequest: new Date().toISOString() },
      },
    }));
    expect((await upload({ requestId: 'r2', label: 'l1' })).json()).toMatchObject({ name: 'INVALID_LIVE_EXAM' });
    expect((await upload({ requestId: 'nope', label: 'l1' })).json()).toMatchObject({ name: 'INVALID_LIVE_EXAM' });

    await ask('r3', 'h2');
    const otherExam = await upload({ requestId: 'r3', label: 'h2', exam: crypto.randomUUID() });
    expect(otherExam.statusCode).toBe(404);
    expect(await auscultationCount()).toBe(1);
  });

  it('answers 401 to a patient token without its virtual exam, and to another exam’s session', async () => {
    await ask('r4', 'h3');
    expect((await upload({ requestId: '', label: 'h3' })).statusCode).toBe(401);
    const other = await createVirtualExam(t.app, ada, await somePatientOf(t.app, ada));
    const otherSession = await patientSession(t.app, other, 'Someone Else');
    const response = await upload({ requestId: 'r4', label: 'h3', token: otherSession.token });
    expect(response.statusCode).toBe(401);
    expect(await auscultationCount()).toBe(1);
  });

  it('deletes a recording whose request was cancelled while it was being sent', async () => {
    await ask('r5', 'h4');
    const open = await t.app.realtime.read(virtualExam.id);
    // The clinician cancels after the upload's checks, before the recording is linked.
    await setState((s) => ({
      ...s,
      auscultationRequests: {
        ...s.auscultationRequests,
        r5: { ...s.auscultationRequests.r5!, status: 'cancelled', recordingCancelRequest: new Date().toISOString() },
      },
    }));
    const read = t.app.realtime.read;
    t.app.realtime.read = async () => open;
    try {
      const response = await upload({ requestId: 'r5', label: 'h4' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ name: 'INVALID_LIVE_EXAM' });
    } finally {
      t.app.realtime.read = read;
    }
    expect(await auscultationCount()).toBe(1);
    // Nor its recording: every original left in the store belongs to a row.
    const rows = await t.database.db.selectFrom('auscultations').select('recording_blob_key').execute();
    const referenced = new Set(rows.map((row) => row.recording_blob_key));
    for await (const blob of t.app.recordings.store.list()) {
      if (/^[0-9a-f-]{36}\.wav$/.test(blob.key)) expect(referenced.has(blob.key)).toBe(true);
    }
  });
});
