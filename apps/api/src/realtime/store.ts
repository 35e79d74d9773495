import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { emptyStoredState, parseStoredState } from './rules.js';
import type { StoredState } from './rules.js';

export type VersionedState = { version: number; state: StoredState };

/**
 * The live exams' shared state in PostgreSQL: one JSON document per virtual exam with a version.
 * Changes are optimistic: read, change, write where the version is still the one read; another
 * process's write in between makes the update miss, and the change is made again on the newer
 * document. Nothing is kept in memory, so a restart (or another process) loses nothing.
 */
export function createStateStore(db: Db) {
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

    /**
     * Applies `change` to the newest document and stores it. `change` may throw (the write is
     * refused) or answer null (nothing to change). Answers the stored version, or null.
     */
    async update(
      virtualExamId: string,
      change: (state: StoredState) => StoredState | null,
    ): Promise<VersionedState | null> {
      for (let attempt = 0; attempt < 20; attempt++) {
        const current = await read(virtualExamId);
        const next = change(current.state);
        if (next === null) return null;
        const result = await db
          .updateTable('live_exam_states')
          .set({ state: JSON.stringify(next), version: current.version + 1, date_updated: new Date() })
          .where('virtual_exam_id', '=', virtualExamId)
          .where('version', '=', current.version)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 1) return { version: current.version + 1, state: next };
      }
      throw new Error('The live exam state kept changing under this write');
    },
  };
}
export type StateStore = ReturnType<typeof createStateStore>;
