import crypto from 'node:crypto';
import { ageInMonths, analyzeRecording, decodeWav, encodeWav, loadEngine, toMono } from '@auscura/audio-engine/node';
import { heartRateText, recordingLimits } from '@auscura/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { multipartBody } from '../test/multipart.js';
import { auth, heartPoint, openRecordingsApp, recordingHelpers } from '../test/recordings-fixture.js';

// Processing after a restart, unreadable recordings and the orphan sweep: processing.test.ts.

describe.each(backends)('auscultation recordings on %s', (backend) => {
  let t: TestApp;
  let ada: string;
  let ben: string;
  let riversideExam: string;
  let lakesideExam: string;
  let heart: Buffer;
  const { upload, storedFiles, rowCount } = recordingHelpers(() => t);
  /** The exam's patient's age at the exam in months (null without a birthdate): the pipeline judges the rate by it. */
  async function ageAtExam(examId: string) {
    const row = await t.database.db
      .selectFrom('exams as e')
      .innerJoin('patient_profiles as pp', 'pp.id', 'e.patient_profile_id')
      .select(['pp.birthdate', 'e.date_created'])
      .where('e.id', '=', examId)
      .executeTakeFirstOrThrow();
    return row.birthdate ? ageInMonths(new Date(row.birthdate), new Date(row.date_created)) : null;
  }

  beforeAll(async () => {
    ({ t, ada, ben, riversideExam, lakesideExam, heart } = await openRecordingsApp(backend));
  });
  afterAll(async () => t?.close());

  it('stores an upload, answers 201 processing, and processes it like analyzeRecording on the same file', async () => {
    const response = await upload(ada, riversideExam, heart, {
      auscultationPoint: heartPoint,
      deviceLabel: 'Stethoscope A',
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      examId: riversideExam,
      beatawareStatus: 'processing',
      deviceLabel: 'Stethoscope A',
      recording: { mimeType: 'audio/wav', size: heart.length },
      auscultationPoint: { type: 'heart', label: 'h2', longLabel: 'Heart 2' },
    });
    await t.app.recordings.processor.whenIdle();
    const done = (
      await t.app.inject({ method: 'GET', url: `/api/v1/auscultations/${created.id}`, headers: auth(ada) })
    ).json();
    const wav = decodeWav(heart);
    const direct = analyzeRecording(loadEngine(), toMono(wav.channels), wav.sampleRate, {
      site: 'heart',
      ageMonths: await ageAtExam(riversideExam),
    });
    expect(done.beatawareStatus).toBe('ready');
    expect(done.heartrateBpm).toBe(direct.heart!.heartRateBpm);
    expect(done.heartrateBpm).toBeGreaterThan(40);
    expect(done.heartbeatPresent).toBe(direct.heart!.heartbeatPresent);
    expect(done.ausculthingDiagnosis).toBe(
      { ERROR: -1, INSUFFICIENT_DATA: 0, NORMAL: 1, ABNORMAL: 2 }[direct.heart!.diagnosis],
    );
    expect(done.beatawareReport.murmur).toMatchObject({
      status: direct.heart!.murmur.status,
      probability: Number(direct.heart!.murmur.probability.toFixed(3)),
    });
    expect(done.noiseQualityRecord).toEqual({ unit: 1000, record: direct.noiseSlices });
    expect(done.beatawareId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    // The report says the rate as the card shows it (one rounding, issue 35).
    expect(done.beatawareReport.reportMarkdown).toContain(
      `Heart rate: ${heartRateText(direct.heart!.heartRateBpm)} bpm;`,
    );
    expect(done.beatawareReport.statistics.map((s: { segment: string }) => s.segment)).toEqual([
      'S1',
      'systole',
      'S2',
      'diastole',
    ]);

    const report = await t.app.inject({
      method: 'GET',
      url: `/api/v1/auscultation-reports/${done.beatawareId}`,
      headers: auth(ada),
    });
    expect(report.statusCode).toBe(200);
    expect(report.json()).toMatchObject({ auscultationId: created.id, heartrateBpm: done.heartrateBpm });
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/v1/auscultation-reports/${'A'.repeat(24)}`,
      headers: auth(ada),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('keeps the noise quality the client sent', async () => {
    const sent = { unit: 1000, record: [0, 1, 0] };
    const response = await upload(ada, riversideExam, heart, {
      auscultationPoint: heartPoint,
      noiseQualityRecord: sent,
    });
    await t.app.recordings.processor.whenIdle();
    const done = (
      await t.app.inject({ method: 'GET', url: `/api/v1/auscultations/${response.json().id}`, headers: auth(ada) })
    ).json();
    expect(done.beatawareStatus).toBe('ready');
    expect(done.noiseQualityRecord).toEqual(sent);
  });

  it('serves the original and every variant as audio/wav with lengths and byte ranges, and audits the reads', async () => {
    const id = (await upload(ada, riversideExam, heart)).json().id as string;
    await t.app.recordings.processor.whenIdle();
    const base = `/api/v1/auscultations/${id}/recording`;
    const raw = await t.app.inject({ method: 'GET', url: `${base}/data`, headers: auth(ada) });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toBe('audio/wav');
    expect(raw.headers['accept-ranges']).toBe('bytes');
    expect(raw.headers['content-length']).toBe(String(heart.length));
    expect(raw.rawPayload.equals(heart)).toBe(true);

    const part = await t.app.inject({
      method: 'GET',
      url: `${base}/data`,
      headers: { ...auth(ada), range: 'bytes=100-70000' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-70000/${heart.length}`);
    expect(part.headers['content-length']).toBe('69901');
    expect(part.rawPayload.equals(heart.subarray(100, 70001))).toBe(true);
    const suffix = await t.app.inject({
      method: 'GET',
      url: `${base}/data`,
      headers: { ...auth(ada), range: 'bytes=-10' },
    });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.equals(heart.subarray(heart.length - 10))).toBe(true);
    const beyond = await t.app.inject({
      method: 'GET',
      url: `${base}/data`,
      headers: { ...auth(ada), range: `bytes=${heart.length}-` },
    });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${heart.length}`);

    const rate = decodeWav(heart).sampleRate;
    for (const variant of [
      'normalized-data-silenced',
      'normalized-data-std',
      'normalized-data-sg',
      'normalized-data-algo1',
    ]) {
      const response = await t.app.inject({ method: 'GET', url: `${base}/${variant}`, headers: auth(ada) });
      expect(response.statusCode, variant).toBe(200);
      expect(response.headers['content-type']).toBe('audio/wav');
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      const decoded = decodeWav(response.rawPayload);
      expect(decoded.sampleRate).toBe(rate);
      expect(decoded.channels[0]!.length).toBe(decodeWav(heart).channels[0]!.length);
    }
    const reads = await t.database.db
      .selectFrom('audit_log')
      .select('detail')
      .where('target_id', '=', id)
      .where('action', '=', 'read')
      .execute();
    // The full reads and the one starting at 0 are logged; later ranges of the same playback are not.
    expect(reads.map((r) => (r.detail as { recording?: string } | null)?.recording).sort()).toEqual(
      ['algo1', 'raw', 'sg', 'silenced', 'std'].sort(),
    );
  });

  it.each([
    ['a corrupted WAV', () => Buffer.concat([Buffer.from('RIFX'), heart.subarray(4)])],
    ['a non-WAV file named .wav', () => Buffer.from('%PDF-1.7 not audio at all '.repeat(100))],
    ['a 0-byte file', () => Buffer.alloc(0)],
    ['a WAV header without samples', () => encodeWav([new Float32Array(0)], 4000)],
    ['a WAV longer than 60 s plus margin', () => Buffer.from(encodeWav([new Float32Array(4000 * 70)], 4000))],
    [
      'a file over the byte limit (stopped while streaming)',
      () => Buffer.concat([heart, Buffer.alloc(recordingLimits.maxBytes + 1000 - heart.length)]),
    ],
    [
      'a file far over the byte limit (refused by its length)',
      () => Buffer.alloc(recordingLimits.maxBytes + 1024 * 1024),
    ],
  ])('answers INVALID_DATA for %s and stores nothing', async (_name, make) => {
    const beforeRows = await rowCount();
    const beforeFiles = await storedFiles();
    const response = await upload(ada, riversideExam, Buffer.from(make()));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ name: 'INVALID_DATA' });
    expect(await rowCount()).toBe(beforeRows);
    expect(await storedFiles()).toEqual(beforeFiles);
  });

  it('answers a repeated upload of one clientRecordingId with the first auscultation, storing nothing twice', async () => {
    const clientRecordingId = crypto.randomUUID();
    const part = { auscultationPoint: heartPoint, clientRecordingId };
    const rowsBefore = await rowCount();
    const first = await upload(ada, riversideExam, heart, part);
    expect(first.statusCode).toBe(201);
    await t.app.recordings.processor.whenIdle();
    const filesAfterFirst = await storedFiles();
    const again = await upload(ada, riversideExam, heart, part);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    await t.app.recordings.processor.whenIdle();
    expect(await rowCount()).toBe(rowsBefore + 1);
    expect(await storedFiles()).toEqual(filesAfterFirst);
    // The key is per exam: the same key on another exam is another recording.
    const otherExam = await t.database.db
      .selectFrom('exams as e')
      .innerJoin('organizations as o', 'o.id', 'e.organization_id')
      .select('e.id')
      .where('o.name', '=', 'Riverside Cardiology')
      .where('e.id', '<>', riversideExam)
      .executeTakeFirstOrThrow();
    const elsewhere = await upload(ada, otherExam.id, heart, part);
    expect(elsewhere.statusCode).toBe(201);
    expect(elsewhere.json().id).not.toBe(first.json().id);
    await t.app.recordings.processor.whenIdle();
  });

  it('makes one auscultation when uploads of one clientRecordingId race, and keeps no orphan blob', async () => {
    const part = { auscultationPoint: heartPoint, clientRecordingId: crypto.randomUUID() };
    const rowsBefore = await rowCount();
    const filesBefore = (await storedFiles()).length;
    const answers = await Promise.all([1, 2, 3].map(() => upload(ada, riversideExam, heart, part)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    await t.app.recordings.processor.whenIdle();
    expect(await rowCount()).toBe(rowsBefore + 1);
    const rows = await t.database.db
      .selectFrom('auscultations')
      .select('id')
      .where('client_recording_id', '=', part.clientRecordingId)
      .execute();
    expect(rows).toHaveLength(1);
    // The winner's original and its processed variants; the losers' blobs are gone.
    const variants = (await storedFiles()).length - filesBefore;
    const single = await t.database.db
      .selectFrom('auscultations')
      .select('variant_blob_keys')
      .where('id', '=', rows[0]!.id)
      .executeTakeFirstOrThrow();
    expect(variants).toBe(1 + Object.keys(single.variant_blob_keys).length);
  });

  it('accepts the auscultation part sent as a JSON blob (a file part) too', async () => {
    const body = multipartBody([
      {
        name: 'auscultation',
        data: JSON.stringify({ auscultationPoint: { type: 'lungs', label: 'l3' } }),
        filename: 'blob',
        contentType: 'application/json',
      },
      { name: 'recordingData', data: heart, filename: 'blob', contentType: 'application/octet-stream' },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/exams/${riversideExam}/auscultations`,
      payload: body.payload,
      headers: { ...body.headers, ...auth(ada) },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().auscultationPoint).toMatchObject({ type: 'lungs', label: 'l3', longLabel: 'Lung 3' });
    await t.app.recordings.processor.whenIdle();
  });

  it('answers INVALID_DATA for a bad auscultation part and for a point label of another type', async () => {
    for (const part of [
      { auscultationPoint: { type: 'heart', label: 'l1' } },
      { auscultationPoint: heartPoint, extra: 1 },
      {},
    ]) {
      const response = await upload(ada, riversideExam, heart, part);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ name: 'INVALID_DATA' });
    }
  });

  it('lets only the exam’s organization upload and delete; council members may listen', async () => {
    const beforeRows = await rowCount();
    expect((await upload(ben, riversideExam, heart)).statusCode).toBe(404);
    const council = await upload(ada, lakesideExam, heart);
    expect(council.statusCode).toBe(403);
    expect(council.json()).toMatchObject({ name: 'UNAUTHORIZED' });
    expect(await rowCount()).toBe(beforeRows);

    const own = (await upload(ben, lakesideExam, heart)).json().id as string;
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/auscultations/${own}/recording/data`, headers: auth(ada) }))
        .statusCode,
    ).toBe(200);
    const adaDelete = await t.app.inject({ method: 'DELETE', url: `/api/v1/auscultations/${own}`, headers: auth(ada) });
    expect(adaDelete.statusCode).toBe(403);
    const adaOwn = (await upload(ada, riversideExam, heart)).json().id as string;
    for (const url of [`/api/v1/auscultations/${adaOwn}/recording/data`, `/api/v1/auscultations/${adaOwn}`]) {
      expect((await t.app.inject({ method: 'GET', url, headers: auth(ben) })).statusCode).toBe(404);
    }
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/auscultations/${adaOwn}`, headers: auth(ben) })).statusCode,
    ).toBe(404);
    await t.app.recordings.processor.whenIdle();
  });

  it('deletes the row and every blob of an auscultation', async () => {
    const id = (await upload(ada, riversideExam, heart)).json().id as string;
    await t.app.recordings.processor.whenIdle();
    expect((await storedFiles()).filter((f) => f.startsWith(id))).toHaveLength(5);
    const response = await t.app.inject({ method: 'DELETE', url: `/api/v1/auscultations/${id}`, headers: auth(ada) });
    expect(response.statusCode).toBe(204);
    expect((await storedFiles()).filter((f) => f.startsWith(id))).toEqual([]);
    expect(
      await t.database.db.selectFrom('auscultations').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
  });
});
