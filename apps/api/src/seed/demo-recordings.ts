import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { decodeWav } from '@auscura/audio-engine';
import type { Db } from '../db/connect.js';
import { originalKey } from '../audio/messages.js';
import type { RecordingProcessor } from '../audio/processor.js';
import type { BlobStore } from '../storage/blob-store.js';

/** benchmarks/fixtures/audio of the repository, found upwards from this module (src/, dist/ or the bundle). */
export function findDemoFixturesFolder(start = import.meta.dirname): string | null {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'benchmarks', 'fixtures', 'audio');
    if (existsSync(path.join(candidate, 'SOURCES.md'))) return candidate;
    if (path.dirname(dir) === dir) return null;
  }
}

type Fixture = { bytes: Buffer; durationSec: number; sampleRate: number; channels: number };

/**
 * Gives every demo auscultation that has no recording yet a real one from the fixtures (heart
 * points h1–h5 a heart recording, lung points l1–l5 a lung one, by turns) and queues it for the
 * same processing as an upload: blob first, then the row and its job. Runs after the server
 * listens, in batches; a restart picks up where it stopped (rows still without a recording).
 */
export async function attachDemoRecordings(options: {
  db: Db;
  store: BlobStore;
  processor?: RecordingProcessor;
  folder: string;
  /** Stop early (server closing). */
  signal?: AbortSignal;
  /** Only these auscultations (tests). */
  only?: string[];
}): Promise<number> {
  const { db, store, processor, folder } = options;
  const rows = await db
    .selectFrom('auscultations')
    .select(['id', 'point_type'])
    .where('recording_blob_key', 'is', null)
    .$if(options.only !== undefined, (query) => query.where('id', 'in', options.only!.length ? options.only! : ['']))
    .orderBy('date_created')
    .orderBy('id')
    .execute();
  if (rows.length === 0) return 0;
  const names = (await fs.readdir(folder)).filter((name) => name.endsWith('.wav')).sort();
  const pools = {
    heart: names.filter((name) => name.startsWith('heart_')),
    lungs: names.filter((name) => name.startsWith('lung_')),
  };
  const cache = new Map<string, Fixture>();
  async function load(name: string): Promise<Fixture> {
    let fixture = cache.get(name);
    if (!fixture) {
      const bytes = await fs.readFile(path.join(folder, name));
      const wav = decodeWav(bytes);
      const frames = wav.channels[0]?.length ?? 0;
      fixture = {
        bytes,
        durationSec: frames / wav.sampleRate,
        sampleRate: wav.sampleRate,
        channels: wav.channels.length,
      };
      cache.set(name, fixture);
    }
    return fixture;
  }
  const turn = { heart: 0, lungs: 0 };
  let attached = 0;
  for (const row of rows) {
    if (options.signal?.aborted) break;
    // 'other' points are in-person only and never seeded; give them a heart recording if any exist.
    const kind = row.point_type === 'lungs' ? 'lungs' : 'heart';
    const pool = pools[kind];
    if (pool.length === 0) continue;
    const name = pool[turn[kind]++ % pool.length]!;
    const fixture = await load(name);
    const key = originalKey(row.id);
    // A blob left by an interrupted earlier run has no row pointing at it yet: replace it.
    await store.delete(key);
    const stored = await store.put(key, fixture.bytes);
    await db.transaction().execute(async (tx) => {
      const updated = await tx
        .updateTable('auscultations')
        .set({
          recording_blob_key: key,
          recording_sha256: stored.sha256,
          recording_size: stored.size,
          recording_duration: fixture.durationSec,
          recording_mime_type: 'audio/wav',
          recording_sample_rate: fixture.sampleRate,
          recording_channels: fixture.channels,
          beataware_status: 'processing',
        })
        .where('id', '=', row.id)
        .where('recording_blob_key', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (updated) {
        await tx
          .insertInto('recording_jobs')
          .values({ auscultation_id: row.id })
          .onConflict((oc) => oc.column('auscultation_id').doUpdateSet({ state: 'pending', attempts: 0 }))
          .execute();
        attached++;
      }
    });
    // Let the worker start on the first ones while the rest are stored.
    if (attached % 10 === 1) processor?.notify();
  }
  processor?.notify();
  return attached;
}
