import { sql } from 'kysely';
import { verifyAuditChain } from '../audit/chain.js';
import type { Db } from '../db/connect.js';
import type { BlobStore } from '../storage/blob-store.js';

/**
 * After a restore: every recording a row names (original and variants) is in the store and
 * readable with the key, and the audit chain is intact. Returns what was checked.
 */
export async function checkRestoredData(
  db: Db,
  store: BlobStore,
): Promise<{ rows: Record<string, number>; recordings: number; missing: string[]; auditEntries: number }> {
  const tables = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(db);
  const rows: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const count = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(name)}`.execute(db);
    rows[name] = count.rows[0]?.n ?? 0;
  }
  const named = await db
    .selectFrom('auscultations')
    .select(['recording_blob_key', 'variant_blob_keys'])
    .where('recording_blob_key', 'is not', null)
    .execute();
  const missing: string[] = [];
  let recordings = 0;
  for (const row of named) {
    for (const key of [row.recording_blob_key, ...Object.values(row.variant_blob_keys ?? {})]) {
      if (!key) continue;
      recordings++;
      const head = await store.head(key);
      if (!head) {
        missing.push(key);
        continue;
      }
      if (head.size === 0) continue;
      // Reading the first bytes decrypts a record: a wrong master key fails here, not at playback.
      const body = await store.get(key, { start: 0, end: Math.min(head.size, 44) - 1 });
      for await (const chunk of body as AsyncIterable<Uint8Array>) void chunk;
    }
  }
  const chain = await verifyAuditChain(db);
  if (!chain.ok) throw new Error(`The restored audit chain is broken at entry ${chain.brokenAt.seq}: ${chain.reason}`);
  return { rows, recordings, missing, auditEntries: chain.entries };
}
