import type { Db } from '../db/connect.js';
import type { BlobStore } from './blob-store.js';

/**
 * Deletes stored blobs that no auscultation row refers to and that are older than the grace
 * period. Uploads write the blob first and commit the row after, so a crash in between leaves
 * such an orphan (never a row without its blob); so does a crash while a variant is written, and
 * a stale temporary file. The grace period keeps blobs whose row is about to be committed.
 */
export async function sweepOrphanBlobs(
  db: Db,
  store: BlobStore,
  options: { graceSeconds: number; now?: number },
): Promise<string[]> {
  const threshold = (options.now ?? Date.now()) - options.graceSeconds * 1000;
  // Listed first, then the rows read: a blob whose row is committed meanwhile is seen as referenced.
  const candidates: string[] = [];
  for await (const blob of store.list()) if (blob.modified.getTime() <= threshold) candidates.push(blob.key);
  if (candidates.length === 0) return [];
  const rows = await db.selectFrom('auscultations').select(['recording_blob_key', 'variant_blob_keys']).execute();
  const referenced = new Set<string>();
  for (const row of rows) {
    if (row.recording_blob_key) referenced.add(row.recording_blob_key);
    for (const key of Object.values(row.variant_blob_keys ?? {})) if (key) referenced.add(key);
  }
  const removed: string[] = [];
  for (const key of candidates) {
    if (referenced.has(key)) continue;
    await store.delete(key);
    removed.push(key);
  }
  return removed;
}
