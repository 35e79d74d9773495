import fs from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heartFixture, recordingHelpers } from '../test/recordings-fixture.js';
import { signIn } from '../test/sign-in.js';
import { backends, createTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { createJobQueue, MAX_ATTEMPTS } from './job-queue.js';
import { createRecordingProcessor } from './processor.js';
import type { RecordingProcessor } from './processor.js';

/** A logger that keeps the 'recording processed' lines (what the topology test counts per job). */
function recordingLog() {
  const processed: string[] = [];
  const log = {
    info: (object: { auscultationId?: string }, message?: string) => {
      if (message === 'recording processed' && object.auscultationId) processed.push(object.auscultationId);
    },
    warn: () => undefined,
    error: () => undefined,
    debug: () => undefined,
  } as unknown as FastifyBaseLogger;
  return { log, processed };
}

// Short enough for the takeover to show within the test, long enough for a loaded machine not to lose a live lease.
const fastTimings = { leaseMs: 8_000, renewMs: 300, pollMs: 200 };

/**
 * The recording queue shared by several worker processes (issue 39): the app here has the api role,
 * so it queues and never processes; processors made beside it stand for worker processes.
 */
describe.each(backends)('the recording queue across processes on %s', (backend) => {
  let t: TestApp;
  let ada: string;
  let exam: string;
  let heart: Buffer;
  const running: RecordingProcessor[] = [];
  const { upload } = recordingHelpers(() => t);

  const jobs = () => t.database.db.selectFrom('recording_jobs').selectAll().execute();
  const job = (id: string) =>
    t.database.db.selectFrom('recording_jobs').selectAll().where('auscultation_id', '=', id).executeTakeFirstOrThrow();
  const worker = (workerId: string, log = recordingLog().log) => {
    const processor = createRecordingProcessor({
      db: t.database.db,
      store: t.app.recordings.store,
      workerData: t.app.recordings.workerData,
      workers: 1,
      log,
      workerId,
      timings: fastTimings,
      // As the server does: on PGlite (one process per database) nobody else can hold a job.
      resetRunningAtStart: backend === 'pglite',
    });
    running.push(processor);
    return processor;
  };
  const uploadOne = async () => (await upload(ada, exam, heart)).json().id as string;

  beforeAll(async () => {
    // RECORDING_WORKERS is set, and the api role still runs none.
    t = await createTestApp(backend, { AUSCURA_ROLE: 'api', RECORDING_WORKERS: '2' });
    ada = (await signIn(t.app, 'ada@riverside.example', 'Auscura-demo-2026')).access_token;
    exam = (await t.database.db.selectFrom('exams').select('id').executeTakeFirstOrThrow()).id;
    heart = await fs.readFile(heartFixture);
  });
  afterAll(async () => {
    await Promise.all(running.map((processor) => processor.close()));
    await t?.close();
  });

  it('leaves uploads queued in an api-role process: it processes no recording', async () => {
    const id = await uploadOne();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await job(id)).toMatchObject({ state: 'pending', attempts: 0, locked_by: null });
    expect(t.app.recordings.processor.running()).toBe(0);
  });

  // Other processes only share a PostgreSQL database (PGlite is one process's).
  it.runIf(backend === 'postgres')(
    'shares the queue between two workers: every job done once, by one of them',
    async () => {
      for (let n = 0; n < 5; n++) await uploadOne();
      const first = recordingLog();
      const second = recordingLog();
      const a = worker('worker-a', first.log);
      const b = worker('worker-b', second.log);
      await Promise.all([a.start(), b.start()]);
      await Promise.all([a.whenIdle(), b.whenIdle()]);
      const all = await jobs();
      expect(all).toHaveLength(6);
      for (const row of all) {
        expect(row).toMatchObject({ state: 'done', attempts: 1, locked_by: null, locked_until: null });
        expect(['worker-a', 'worker-b']).toContain(row.processed_by);
      }
      const processed = [...first.processed, ...second.processed].sort();
      expect(processed).toEqual(all.map((row) => row.auscultation_id).sort());
      await Promise.all([a.close(), b.close()]);
    },
  );

  // Other processes only share a PostgreSQL database (PGlite is one process's).
  it.runIf(backend === 'postgres')(
    "takes over a job whose worker died (its lease ran out), and leaves a live worker's job alone",
    async () => {
      const dead = await uploadOne();
      const alive = await uploadOne();
      const past = new Date(Date.now() - 1000);
      const future = new Date(Date.now() + 60_000);
      await t.database.db
        .updateTable('recording_jobs')
        .set({ state: 'running', attempts: 1, locked_by: 'gone:1', locked_until: past })
        .where('auscultation_id', '=', dead)
        .execute();
      await t.database.db
        .updateTable('recording_jobs')
        .set({ state: 'running', attempts: 1, locked_by: 'busy:2', locked_until: future })
        .where('auscultation_id', '=', alive)
        .execute();
      const log = recordingLog();
      const c = worker('worker-c', log.log);
      await c.start();
      await expect.poll(async () => (await job(dead)).state, { timeout: 20_000 }).toBe('done');
      expect(await job(dead)).toMatchObject({ attempts: 2, processed_by: 'worker-c' });
      expect(log.processed).toEqual([dead]);
      // Several polls later the other job is still its holder's.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(await job(alive)).toMatchObject({ state: 'running', locked_by: 'busy:2', attempts: 1 });
      await c.close();
      await t.database.db
        .updateTable('recording_jobs')
        .set({ state: 'done', locked_by: null, locked_until: null })
        .where('auscultation_id', '=', alive)
        .execute();
    },
  );

  it.runIf(backend === 'postgres')(
    'refuses the late result of a worker whose job was taken over, and gives up a job that keeps killing workers',
    async () => {
      const id = await uploadOne();
      const slow = createJobQueue(t.database.db, 'slow:3', { takeOver: true });
      const claimed = await slow.claim();
      expect(claimed?.auscultationId).toBe(id);
      // Its lease ran out while it worked, and another worker claimed the job.
      await t.database.db
        .updateTable('recording_jobs')
        .set({ locked_by: 'other:4' })
        .where('auscultation_id', '=', id)
        .execute();
      const late = await slow.complete(
        claimed!,
        { type: 'error', auscultationId: id, reason: 'late' },
        async () => true,
      );
      expect(late.owned).toBe(false);
      expect(await job(id)).toMatchObject({ state: 'running', locked_by: 'other:4', last_error: null });

      // Its holders died MAX_ATTEMPTS times: the next claim gives it up instead of running it again.
      await t.database.db
        .updateTable('recording_jobs')
        .set({ attempts: MAX_ATTEMPTS, locked_until: new Date(Date.now() - 1000) })
        .where('auscultation_id', '=', id)
        .execute();
      const d = worker('worker-d');
      await d.start();
      await expect.poll(async () => (await job(id)).state, { timeout: 20_000 }).toBe('failed');
      expect(await job(id)).toMatchObject({ last_error: 'worker lost while processing', processed_by: 'worker-d' });
      const row = await t.database.db
        .selectFrom('auscultations')
        .select('beataware_status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.beataware_status).toBe('error');
      await d.close();
    },
  );

  it('gives the jobs a stopping worker still runs back to the queue, without counting the attempt', async () => {
    const id = await uploadOne();
    const e = worker('worker-e');
    await e.start();
    await expect.poll(() => e.running(), { timeout: 20_000, interval: 5 }).toBe(1);
    await e.drain(0);
    expect(await job(id)).toMatchObject({ state: 'pending', attempts: 0, locked_by: null, locked_until: null });
    const f = worker('worker-f');
    await f.start();
    await f.whenIdle();
    expect(await job(id)).toMatchObject({ state: 'done', attempts: 1, processed_by: 'worker-f' });
    await f.close();
  });
});
