import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { backends } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { auscultationUpload } from '../test/multipart.js';
import { auth, heartPoint, openRecordingsApp, recordingHelpers } from '../test/recordings-fixture.js';

describe.each(backends)('recording processing on %s', (backend) => {
  let t: TestApp;
  let ada: string;
  let riversideExam: string;
  let heart: Buffer;
  let recordingsFolder: string;
  const { upload, storedFiles } = recordingHelpers(() => t);

  beforeAll(async () => {
    ({ t, ada, riversideExam, heart, recordingsFolder } = await openRecordingsApp(backend));
  });
  afterAll(async () => t?.close());

  it('resumes pending and interrupted jobs when a new app starts on the same database', async () => {
    const paused = await buildApp({ env: { ...t.env, RECORDING_WORKERS: 0 }, database: t.database }, { logger: false });
    await paused.ready();
    const body = auscultationUpload({ auscultationPoint: heartPoint }, heart);
    const ids: string[] = [];
    for (let n = 0; n < 2; n++) {
      const response = await paused.inject({
        method: 'POST',
        url: `/api/v1/exams/${riversideExam}/auscultations`,
        payload: body.payload,
        headers: { ...body.headers, ...auth(ada) },
      });
      expect(response.statusCode).toBe(201);
      ids.push(response.json().id);
    }
    await paused.close();
    // One as if the server died while the worker had it.
    await t.database.db
      .updateTable('recording_jobs')
      .set({ state: 'running' })
      .where('auscultation_id', '=', ids[0]!)
      .execute();

    const restarted = await buildApp({ env: t.env, database: t.database }, { logger: false });
    await restarted.ready();
    await restarted.recordings.processor.whenIdle();
    await restarted.close();
    const rows = await t.database.db
      .selectFrom('auscultations as a')
      .innerJoin('recording_jobs as j', 'j.auscultation_id', 'a.id')
      .select(['a.beataware_status', 'j.state', 'a.heartrate_bpm'])
      .where('a.id', 'in', ids)
      .execute();
    expect(rows.map((r) => [r.beataware_status, r.state])).toEqual([
      ['ready', 'done'],
      ['ready', 'done'],
    ]);
  });

  it('marks a stored recording the engine cannot read as failed, without retrying', async () => {
    const id = (await upload(ada, riversideExam, heart)).json().id as string;
    await t.app.recordings.processor.whenIdle();
    // Replace the stored original by a non-WAV (as if it had been stored by an older version).
    const key = `${id}.wav`;
    await t.app.recordings.store.delete(key);
    await t.app.recordings.store.put(key, Buffer.from('not a wav'));
    await t.database.db
      .updateTable('recording_jobs')
      .set({ state: 'pending' })
      .where('auscultation_id', '=', id)
      .execute();
    t.app.recordings.processor.notify();
    await t.app.recordings.processor.whenIdle();
    const job = await t.database.db
      .selectFrom('recording_jobs')
      .selectAll()
      .where('auscultation_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ state: 'failed', attempts: 2, last_error: 'wav:NOT_RIFF' });
    const row = await t.database.db
      .selectFrom('auscultations')
      .select('beataware_status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.beataware_status).toBe('failed');
  });

  it('sweeps blobs that no row refers to once they are older than the grace period', async () => {
    const store = t.app.recordings.store;
    const referenced = await storedFiles();
    await store.put('00000000-0000-4000-8000-000000000000.wav', heart);
    await store.put('00000000-0000-4000-8000-000000000001.wav', heart);
    await fs.writeFile(path.join(recordingsFolder, '.tmp-00000000-0000-4000-8000-000000000002.wav-abc'), 'partial');
    const old = new Date(Date.now() - 2 * 3600_000);
    for (const name of [
      '00000000-0000-4000-8000-000000000000.wav',
      '.tmp-00000000-0000-4000-8000-000000000002.wav-abc',
    ]) {
      await fs.utimes(path.join(recordingsFolder, name), old, old);
    }
    const restarted = await buildApp(
      { env: { ...t.env, RECORDINGS_ORPHAN_GRACE_SECONDS: 3600 }, database: t.database },
      { logger: false },
    );
    await restarted.ready();
    await restarted.close();
    expect(await storedFiles()).toEqual([...referenced, '00000000-0000-4000-8000-000000000001.wav'].sort());
  });
});
