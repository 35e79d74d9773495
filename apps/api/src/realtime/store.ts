import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { emptyStoredState, parseStoredState } from './rules.js';
import type { StoredState } from './rules.js';

type VersionedState = { version: number; state: StoredState };

/** Exams whose newest known document is kept in memory (the exams with connections, in practice). */
const cacheLimit = 10_000;
/** The most documents one batched UPDATE carries (each ~1 KB of JSON). */
const batchLimit = 500;

/** A document to store if the row still holds the version before it; answers whether it was stored. */
type PendingWrite = { id: string; version: number; state: StoredState; settle: (stored: boolean | Error) => void };

/**
 * Group commit: the documents changed while one UPDATE is on its way are written together by the
 * next, a single statement for all of them. With little traffic that is one document a statement,
 * written at once (the next turn of the event loop); under load, one round trip, one parse and one
 * commit serve hundreds of changes instead of one each (bench:realtime). Each document keeps its
 * optimistic check (the row must still hold the version it was made from), and each change is
 * answered only after the statement that stored it committed, exactly as when written alone.
 */
function createBatchWriter(db: Db) {
  let queue: PendingWrite[] = [];
  let writing = false;
  let scheduled = false;

  function flush() {
    scheduled = false;
    if (writing || queue.length === 0) return;
    writing = true;
    const batch = queue.length <= batchLimit ? queue : queue.slice(0, batchLimit);
    queue = queue.length <= batchLimit ? [] : queue.slice(batchLimit);
    const rows = JSON.stringify(batch.map(({ id, version, state }) => ({ id, version, state })));
    // The ids once more as an array (`= ANY`): without it the generic plan joined the recordset (estimated
    // at 100 rows) to a sequential scan of every exam's row, 0.96 ms for a one-document batch among 5,000
    // rows against 0.21 ms through the primary key (EXPLAIN ANALYZE, PostgreSQL 15, 2026-12-07).
    sql<{ virtual_exam_id: string }>`
      UPDATE live_exam_states AS s
      SET state = v.state, version = v.version, date_updated = now()
      FROM jsonb_to_recordset(${rows}::jsonb) AS v(id uuid, version bigint, state jsonb)
      WHERE s.virtual_exam_id = v.id AND s.version = v.version - 1
        AND s.virtual_exam_id = ANY (ARRAY(SELECT (e->>'id')::uuid FROM jsonb_array_elements(${rows}::jsonb) AS e))
      RETURNING s.virtual_exam_id`
      .execute(db)
      .then(
        (result) => {
          const stored = new Set(result.rows.map((row) => row.virtual_exam_id));
          for (const write of batch) write.settle(stored.has(write.id));
        },
        (error: unknown) => {
          const failure = error instanceof Error ? error : new Error(String(error));
          for (const write of batch) write.settle(failure);
        },
      )
      .finally(() => {
        writing = false;
        flush();
      });
  }

  /** Stores `state` as `version` of the exam's document if the row still holds `version - 1`. */
  return (id: string, version: number, state: StoredState) =>
    new Promise<boolean>((resolve, reject) => {
      queue.push({
        id,
        version,
        state,
        settle: (stored) => (stored instanceof Error ? reject(stored) : resolve(stored)),
      });
      if (!scheduled && !writing) {
        scheduled = true;
        setImmediate(flush);
      }
    });
}

/**
 * The live exams' shared state in PostgreSQL: one JSON document per virtual exam with a version.
 * Changes are optimistic: change the newest known document, write it where the version is still
 * that one; another process's write in between makes the update miss, and the change is made
 * again on the document read afresh. The newest known document of each exam is remembered (from
 * this process's writes and the other processes' events), which saves the read in the common case;
 * it is only ever a copy: a document and its version always go together, and the database decides.
 */
export function createStateStore(db: Db) {
  const known = new Map<string, VersionedState>();
  const write = createBatchWriter(db);
  /**
   * This process changes one exam's document one change at a time (the next waits for the one being
   * stored): two changes of one exam never share a batch, and neither is computed on a copy the other
   * is about to replace. Changes from other processes are still caught by the version check.
   */
  const busy = new Map<string, Promise<unknown>>();
  const remember = (virtualExamId: string, value: VersionedState) => {
    const current = known.get(virtualExamId);
    if (current && current.version >= value.version) return;
    if (!current && known.size >= cacheLimit) known.delete(known.keys().next().value as string);
    known.set(virtualExamId, value);
  };

  async function read(virtualExamId: string): Promise<VersionedState> {
    const row = await db
      .selectFrom('live_exam_states')
      .select(['state', 'version'])
      .where('virtual_exam_id', '=', virtualExamId)
      .executeTakeFirst();
    if (row) return { version: Number(row.version), state: parseStoredState(row.state) };
    await sql`INSERT INTO live_exam_states (virtual_exam_id, state, version)
              VALUES (${virtualExamId}, ${JSON.stringify(emptyStoredState())}::jsonb, 0)
              ON CONFLICT (virtual_exam_id) DO NOTHING`.execute(db);
    return read(virtualExamId);
  }

  return {
    read,
    /** A document another process stored (from the bus). */
    remember,

    /**
     * Applies `change` to the newest document and stores it. `change` may throw (the write is
     * refused) or answer null (nothing to change). Answers the stored version, or null.
     */
    update(virtualExamId: string, change: (state: StoredState) => StoredState | null): Promise<VersionedState | null> {
      const run = (busy.get(virtualExamId) ?? Promise.resolve()).then(() => updateNow(virtualExamId, change));
      const settled = run.then(
        () => undefined,
        () => undefined,
      );
      busy.set(virtualExamId, settled);
      void settled.then(() => {
        if (busy.get(virtualExamId) === settled) busy.delete(virtualExamId);
      });
      return run;
    },
  };

  async function updateNow(
    virtualExamId: string,
    change: (state: StoredState) => StoredState | null,
  ): Promise<VersionedState | null> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const cached = attempt === 0 ? known.get(virtualExamId) : undefined;
      const current = cached ?? (await read(virtualExamId));
      let next: StoredState | null;
      try {
        next = change(current.state);
      } catch (error) {
        // A remembered copy may be behind: only the newest document may refuse a change.
        if (cached) continue;
        throw error;
      }
      if (next === null) {
        if (cached) continue;
        return null;
      }
      if (await write(virtualExamId, current.version + 1, next)) {
        const stored = { version: current.version + 1, state: next };
        remember(virtualExamId, stored);
        return stored;
      }
      known.delete(virtualExamId);
    }
    throw new Error('The live exam state kept changing under this write');
  }
}
