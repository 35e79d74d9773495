import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { emptyStoredState, parseStoredState } from './rules.js';
import type { StoredState } from './rules.js';

type VersionedState = { version: number; state: StoredState };

/** Exams whose newest known document is kept in memory (the exams with connections, in practice). */
const cacheLimit = 10_000;

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
    async update(
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
        const result = await db
          .updateTable('live_exam_states')
          .set({ state: JSON.stringify(next), version: current.version + 1, date_updated: new Date() })
          .where('virtual_exam_id', '=', virtualExamId)
          .where('version', '=', current.version)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 1) {
          const stored = { version: current.version + 1, state: next };
          remember(virtualExamId, stored);
          return stored;
        }
        known.delete(virtualExamId);
      }
      throw new Error('The live exam state kept changing under this write');
    },
  };
}
