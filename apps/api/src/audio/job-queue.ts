import crypto from 'node:crypto';
import os from 'node:os';
import { ageInMonths } from '@auscura/audio-engine';
import { sql } from 'kysely';
import type { Db, DbOrTx } from '../db/connect.js';
import type { JobResult } from './messages.js';
import type { RecordingContext } from './pipeline.js';

/** Attempts before a job that keeps failing (worker crash, storage error) is given up as 'error'. */
export const MAX_ATTEMPTS = 3;

/**
 * A claimed job is this process's for `leaseMs` and renewed every `renewMs` while it runs; a job
 * whose lease ran out (its process died or froze) may be claimed by any worker. Queued jobs are
 * announced by NOTIFY; the poll also finds expired leases, which nobody announces.
 */
export const jobTimings = { leaseMs: 10_000, renewMs: 2_000, pollMs: 2_000 } as const;

export type ClaimedJob = {
  auscultationId: string;
  attempts: number;
  blobKey: string | null;
  context: RecordingContext;
};

/** Names a process in the jobs it holds: readable by an operator (host and pid), unique per start. */
export function newWorkerId(): string {
  return `${os.hostname().slice(0, 100)}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
}

/** Raised inside a completion's transaction when the job is no longer this process's. */
class LeaseLost extends Error {}

/**
 * The recording queue in PostgreSQL (recording_jobs): claims with FOR UPDATE SKIP LOCKED, so any
 * number of worker processes share it without handing one job to two of them; every change a
 * worker makes to a job it claimed is fenced by `locked_by`, so a worker that lost its lease
 * cannot complete a job another one now holds.
 */
export function createJobQueue(
  db: Db,
  workerId: string,
  options: {
    leaseMs?: number;
    /**
     * Whether jobs of expired leases are claimed. Off for a database only this process uses
     * (PGlite): nobody else can hold a job, and PGlite's synchronous disk writes can stall the
     * event loop for seconds on a busy disk, long enough to see this process's own leases expire.
     */
    takeOver?: boolean;
  } = {},
) {
  const leaseSeconds = (options.leaseMs ?? jobTimings.leaseMs) / 1000;
  const claimable =
    options.takeOver === false
      ? sql`state = 'pending'`
      : sql`state = 'pending' OR (state = 'running' AND (locked_until IS NULL OR locked_until < now()))`;

  return {
    workerId,

    /** The oldest claimable job (pending, or running under an expired lease), now this process's. */
    async claim(): Promise<ClaimedJob | null> {
      const claimed = await sql<{ auscultation_id: string; attempts: number }>`
        UPDATE recording_jobs
        SET state = 'running', attempts = attempts + 1, locked_by = ${workerId},
            locked_until = now() + make_interval(secs => ${leaseSeconds}), date_updated = now()
        WHERE auscultation_id = (
          SELECT auscultation_id FROM recording_jobs
          WHERE ${claimable}
          ORDER BY date_created, auscultation_id LIMIT 1 FOR UPDATE SKIP LOCKED
        )
        RETURNING auscultation_id, attempts`.execute(db);
      const job = claimed.rows[0];
      if (!job) return null;
      // The point's kind and the patient's age at the exam decide how the recording is analysed.
      const row = await db
        .selectFrom('auscultations')
        .innerJoin('exams', 'exams.id', 'auscultations.exam_id')
        .innerJoin('patient_profiles', 'patient_profiles.id', 'exams.patient_profile_id')
        .select([
          'auscultations.recording_blob_key',
          'auscultations.point_type',
          'exams.date_created as exam_date',
          'patient_profiles.birthdate',
        ])
        .where('auscultations.id', '=', job.auscultation_id)
        .executeTakeFirst();
      return {
        auscultationId: job.auscultation_id,
        attempts: job.attempts,
        blobKey: row?.recording_blob_key ?? null,
        context: {
          site: row?.point_type ?? 'heart',
          ageMonths: row?.birthdate ? ageInMonths(new Date(row.birthdate), new Date(row.exam_date)) : null,
        },
      };
    },

    /** Extends the leases of every job this process runs. */
    async renew(): Promise<void> {
      await sql`UPDATE recording_jobs SET locked_until = now() + make_interval(secs => ${leaseSeconds})
                WHERE locked_by = ${workerId} AND state = 'running'`.execute(db);
    },

    /**
     * Records a run's result. Answers false, changing nothing, when the job is no longer this
     * process's (its lease ran out and another worker claimed it). `onDone` runs in the same
     * transaction for a successful run and answers whether the auscultation still exists.
     */
    async complete(
      job: ClaimedJob,
      result: JobResult,
      onDone: (tx: DbOrTx) => Promise<boolean>,
    ): Promise<{ owned: boolean; auscultationExists: boolean; final: boolean }> {
      const id = job.auscultationId;
      const final = result.type === 'done' || result.type === 'rejected' || job.attempts >= MAX_ATTEMPTS;
      try {
        return await db.transaction().execute(async (tx) => {
          const state = result.type === 'done' ? 'done' : final ? 'failed' : 'pending';
          const owned = await tx
            .updateTable('recording_jobs')
            .set({
              state,
              last_error: result.type === 'done' ? null : result.reason,
              locked_by: null,
              locked_until: null,
              processed_by: state === 'pending' ? null : workerId,
              date_updated: new Date(),
            })
            .where('auscultation_id', '=', id)
            .where('locked_by', '=', workerId)
            .where('state', '=', 'running')
            .returning('auscultation_id')
            .executeTakeFirst();
          if (!owned) throw new LeaseLost();
          if (result.type === 'done') {
            return { owned: true, auscultationExists: await onDone(tx), final };
          }
          if (final) {
            await tx
              .updateTable('auscultations')
              .set({ beataware_status: result.type === 'rejected' ? 'failed' : 'error' })
              .where('id', '=', id)
              .execute();
          }
          return { owned: true, auscultationExists: true, final };
        });
      } catch (error) {
        if (error instanceof LeaseLost) return { owned: false, auscultationExists: true, final };
        throw error;
      }
    },

    /**
     * Gives the jobs this process still holds back to the queue (a stop that could not wait for
     * them): the attempt is not counted, and another worker may start them at once.
     */
    async release(): Promise<number> {
      const released = await db
        .updateTable('recording_jobs')
        .set({
          state: 'pending',
          locked_by: null,
          locked_until: null,
          attempts: sql<number>`GREATEST(attempts - 1, 0)`,
          date_updated: new Date(),
        })
        .where('locked_by', '=', workerId)
        .where('state', '=', 'running')
        .executeTakeFirst();
      return Number(released.numUpdatedRows);
    },

    /** One process per database (PGlite): every running job was interrupted by a crash or a stop. */
    async resetAllRunning(): Promise<void> {
      await db
        .updateTable('recording_jobs')
        .set({ state: 'pending', locked_by: null, locked_until: null, date_updated: new Date() })
        .where('state', '=', 'running')
        .execute();
    },

    /** Whether any job is pending or running, in any process. */
    async anyOpen(): Promise<boolean> {
      const open = await db
        .selectFrom('recording_jobs')
        .select('auscultation_id')
        .where('state', 'in', ['pending', 'running'])
        .limit(1)
        .executeTakeFirst();
      return open !== undefined;
    },
  };
}
