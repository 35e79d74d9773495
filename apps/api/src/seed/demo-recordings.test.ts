import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { analyzeRecording, decodeWav, loadEngine, toMono } from '@auscura/audio-engine/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { attachDemoRecordings, findDemoFixturesFolder } from './demo-recordings.js';

describe.each(backends)('demo recordings on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => t?.close());

  it('gives seeded heart points heart fixtures and lung points lung fixtures, processed like an upload', async () => {
    const folder = findDemoFixturesFolder();
    expect(folder).not.toBeNull();
    const db = t.database.db;
    // A handful of each kind keeps the test short; the server attaches all of them the same way.
    const pick = async (type: 'heart' | 'lungs') =>
      (
        await db
          .selectFrom('auscultations')
          .select('id')
          .where('point_type', '=', type)
          .orderBy('id')
          .limit(4)
          .execute()
      ).map((row) => row.id);
    const heart = await pick('heart');
    const lungs = await pick('lungs');
    const { store, processor } = t.app.recordings;
    expect(await attachDemoRecordings({ db, store, processor, folder: folder!, only: [...heart, ...lungs] })).toBe(8);
    // Attaching again finds nothing left to do.
    expect(await attachDemoRecordings({ db, store, folder: folder!, only: [...heart, ...lungs] })).toBe(0);
    await processor.whenIdle();

    const fixtures = new Map<string, string>();
    for (const name of (await fs.readdir(folder!)).filter((n) => n.endsWith('.wav'))) {
      fixtures.set(
        crypto
          .createHash('sha256')
          .update(await fs.readFile(path.join(folder!, name)))
          .digest('hex'),
        name,
      );
    }
    const rows = await db
      .selectFrom('auscultations')
      .selectAll()
      .where('id', 'in', [...heart, ...lungs])
      .execute();
    for (const row of rows) {
      const name = fixtures.get(row.recording_sha256!)!;
      expect(name.startsWith(row.point_type === 'heart' ? 'heart_' : 'lung_'), `${row.point_label} got ${name}`).toBe(
        true,
      );
      expect(row.beataware_status).toBe('ready');
      expect(row.beataware_report).toMatchObject({ reportMarkdown: expect.stringContaining('# Automated') });
      if (row.point_type === 'lungs') {
        // No heart verdict on lung sounds: no rate (the page shows '--'), no diagnosis, no murmur.
        expect(row.heartrate_bpm).toBeNull();
        expect(row.diagnosis).toBeNull();
        expect(row.heartbeat_present).toBeNull();
        expect(row.beataware_report).toMatchObject({ analysedAs: 'lungs' });
        expect(row.beataware_report).not.toHaveProperty('murmur');
        expect(String(row.beataware_report!.reportMarkdown)).toContain('No heart analysis: this is a lung recording.');
      }
      if (row.point_type === 'heart') {
        // Acceptance 5: the stored heart rate is the engine's (what `auscura-dsp analyze` prints) on the same file.
        const wav = decodeWav(await fs.readFile(path.join(folder!, name)));
        const direct = analyzeRecording(loadEngine(), toMono(wav.channels), wav.sampleRate);
        expect(row.heartrate_bpm).toBe(direct.heart!.heartRateBpm);
        expect(row.heartrate_bpm).toBeGreaterThan(0);
      }
    }
  });
});
