// Compare with an earlier visit (issue 40): the same point's recordings in the same patient's earlier
// exams, newest first; other points, other patients, later recordings and the exam's own are left out.
import { earlierAuscultationsSchema, examSchema } from '@auscura/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { auth, openRecordingsApp, recordingHelpers } from '../test/recordings-fixture.js';

describe.each(backends)('earlier recordings of a point on %s', (backend) => {
  let t: TestApp;
  let ada: string;
  let ben: string;
  let heart: Buffer;
  const { upload } = recordingHelpers(() => t);

  beforeAll(async () => {
    ({ t, ada, ben, heart } = await openRecordingsApp(backend));
  });
  afterAll(async () => t?.close());

  /** A new in-person exam of a fresh Riverside patient, by Ada. */
  async function newExam(patientProfileId: string) {
    const adaId = JSON.parse(Buffer.from(ada.split('.')[1]!, 'base64url').toString())[
      'https://auscura.example/healthcareProviderId'
    ] as string;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/exams',
      payload: { type: 'in-person', healthcareProviderId: adaId, patientProfileId },
      headers: auth(ada),
    });
    expect(response.statusCode).toBe(201);
    return examSchema.parse(response.json()).id;
  }
  const record = async (examId: string, label: string) => {
    const response = await upload(ada, examId, heart, { auscultationPoint: { type: 'heart', label } });
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  };
  const earlier = (id: string, token = ada) =>
    t.app.inject({ method: 'GET', url: `/api/v1/auscultations/${id}/earlier`, headers: auth(token) });

  it("lists the same point's recordings of the patient's earlier exams, newest first, and audits the read", async () => {
    const patient = await t.database.db
      .selectFrom('patient_profiles as p')
      .innerJoin('organizations as o', 'o.id', 'p.organization_id')
      .select('p.id')
      .where('o.name', '=', 'Riverside Cardiology')
      .orderBy('p.last_name', 'desc')
      .executeTakeFirstOrThrow();
    const other = await t.database.db
      .selectFrom('patient_profiles as p')
      .innerJoin('organizations as o', 'o.id', 'p.organization_id')
      .select('p.id')
      .where('o.name', '=', 'Riverside Cardiology')
      .where('p.id', '<>', patient.id)
      .executeTakeFirstOrThrow();
    const first = await newExam(patient.id);
    const h1First = await record(first, 'h1');
    await record(first, 'h2');
    const second = await newExam(patient.id);
    const h1Second = await record(second, 'h1');
    await record(await newExam(other.id), 'h1');
    const third = await newExam(patient.id);
    const h1Third = await record(third, 'h1');
    await record(third, 'h1'); // a second take in the same exam is not an earlier visit

    const answer = await earlier(h1Third);
    expect(answer.statusCode).toBe(200);
    const { auscultations } = earlierAuscultationsSchema.parse(answer.json());
    const ids = auscultations.map((a) => a.id);
    // Demo exams of this patient may hold h1 recordings too; ours are the newest, in order.
    expect(ids.slice(0, 2)).toEqual([h1Second, h1First]);
    expect(auscultations.every((a) => a.auscultationPoint.label === 'h1')).toBe(true);
    expect(auscultations.some((a) => a.examId === third)).toBe(false);
    const firstEarlier = earlierAuscultationsSchema.parse((await earlier(h1First)).json()).auscultations;
    expect(firstEarlier.map((a) => a.id)).not.toContain(h1Second);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'target_type'])
      .where('target_id', '=', h1Third)
      .execute();
    expect(audit).toContainEqual({ action: 'list', target_type: 'auscultation' });

    // Another organization's provider does not learn the recording exists.
    expect((await earlier(h1Third, ben)).statusCode).toBe(404);
    await t.app.recordings.processor.whenIdle();
  });
});
