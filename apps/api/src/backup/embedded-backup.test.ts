import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { encodeWav } from '@auscura/audio-engine';
import { apiBasePath } from '@auscura/contracts';
import { connectDatabase } from '../db/connect.js';
import { backupPath } from '../operator/routes.js';
import { openBlobStore } from '../storage/store-settings.js';
import { auscultationUpload } from '../test/multipart.js';
import { signIn } from '../test/sign-in.js';
import { createTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { checkRestoredData } from './check-restored.js';
import { keyFingerprint, readManifest, restoreEmbeddedBackup } from './embedded-backup.js';

/** A distinct 2 s recording per upload, so every restored file can be told apart by its checksum. */
const recording = (n: number) => {
  const samples = new Float32Array(8000);
  for (let i = 0; i < samples.length; i++) samples[i] = 0.3 * Math.sin((2 * Math.PI * (40 + n) * i) / 4000);
  return Buffer.from(encodeWav([samples], 4000));
};

async function readAll(stream: AsyncIterable<Uint8Array>) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

describe('backup and restore of the embedded default (PGlite and encrypted files)', () => {
  const secret = crypto.randomBytes(16).toString('hex');
  let t: TestApp;
  let token: string;
  let examId: string;
  let scratch: string;

  beforeAll(async () => {
    t = await createTestApp('pglite', {}, { operatorSecret: secret });
    token = (await signIn(t.app, 'ada@riverside.example', 'Auscura-demo-2026')).access_token;
    const ada = await t.database.db
      .selectFrom('healthcare_providers')
      .select('organization_id')
      .where('email_address', '=', 'ada@riverside.example')
      .executeTakeFirstOrThrow();
    examId = (
      await t.database.db
        .selectFrom('exams')
        .select('id')
        .where('organization_id', '=', ada.organization_id)
        .executeTakeFirstOrThrow()
    ).id;
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'auscura-backup-test-'));
  });
  afterAll(async () => {
    await t?.close();
    await fs.rm(scratch, { recursive: true, force: true });
  });

  const upload = (n: number) => {
    const body = auscultationUpload({ auscultationPoint: { type: 'heart', label: 'h2' } }, recording(n));
    return t.app.inject({
      method: 'POST',
      url: `${apiBasePath}/exams/${examId}/auscultations`,
      headers: { authorization: `Bearer ${token}`, ...body.headers },
      payload: body.payload,
    });
  };

  it('takes a backup while uploads run, and restores it into a fresh DATA_DIR with every row and recording', async () => {
    const db = t.database.db;
    // A few uploads finished before the backup, and a stream of them while it is taken.
    const before = await Promise.all([1, 2, 3].map(upload));
    for (const response of before) expect(response.statusCode).toBe(201);
    const beforeIds = before.map((response) => (response.json() as { id: string }).id);
    const folder = path.join(scratch, 'backup');
    const during = Array.from({ length: 8 }, (_, i) => upload(10 + i));
    const backup = t.app.inject({
      method: 'POST',
      url: backupPath,
      headers: { 'x-operator-secret': secret },
      payload: { folder },
    });
    const [backupResponse, ...uploads] = await Promise.all([backup, ...during]);
    expect(backupResponse.statusCode, backupResponse.body).toBe(200);
    for (const response of uploads) expect(response.statusCode).toBe(201);
    await t.app.recordings.processor.whenIdle();

    // Restore into a fresh DATA_DIR, with the master key put there apart from the backup.
    const manifest = await readManifest(folder);
    const masterKey = Buffer.from(t.app.recordings.workerData.masterKey);
    expect(manifest.masterKeyFingerprint).toBe(keyFingerprint(masterKey));
    expect(JSON.stringify(await fs.readdir(folder, { recursive: true }))).not.toMatch(/keys|master/);
    const dataDir = path.join(scratch, 'restored');
    const restored = await restoreEmbeddedBackup({ folder, dataDir, masterKey });
    expect(restored.recordings.files).toBe(manifest.recordings.files);

    const copy = await connectDatabase({ dataDir });
    try {
      const store = openBlobStore({ kind: 'encrypted-file', folder: path.join(dataDir, 'recordings') }, masterKey);
      const checked = await checkRestoredData(copy.db, store);
      expect(checked.missing).toEqual([]);
      expect(checked.auditEntries).toBeGreaterThan(0);
      // Every table's rows are rows of the source (nothing invented), and the rows from before the
      // backup are all there.
      for (const [table, count] of Object.entries(checked.rows)) {
        const source = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(db);
        expect(count, table).toBeLessThanOrEqual(source.rows[0]!.n);
      }
      const restoredIds = (await copy.db.selectFrom('auscultations').select('id').execute()).map((row) => row.id);
      const sourceIds = new Set((await db.selectFrom('auscultations').select('id').execute()).map((row) => row.id));
      for (const id of restoredIds) expect(sourceIds.has(id)).toBe(true);
      for (const id of beforeIds) expect(restoredIds).toContain(id);
      // Each restored recording decrypts to exactly the bytes that were uploaded.
      const rows = await copy.db
        .selectFrom('auscultations')
        .select(['recording_blob_key', 'recording_sha256'])
        .where('recording_blob_key', 'is not', null)
        .execute();
      expect(rows.length).toBeGreaterThanOrEqual(beforeIds.length);
      for (const row of rows) {
        const bytes = await readAll(await store.get(row.recording_blob_key!));
        expect(crypto.createHash('sha256').update(bytes).digest('hex')).toBe(row.recording_sha256);
      }
      const chain = await copy.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(chain.n)).toBe(checked.auditEntries);
    } finally {
      await copy.close();
    }
  });

  it('refuses a wrong master key, and a DATA_DIR that already has data', async () => {
    const folder = path.join(scratch, 'backup');
    await expect(
      restoreEmbeddedBackup({ folder, dataDir: path.join(scratch, 'other'), masterKey: crypto.randomBytes(32) }),
    ).rejects.toThrow(/not the backup's/);
    const masterKey = Buffer.from(t.app.recordings.workerData.masterKey);
    await expect(restoreEmbeddedBackup({ folder, dataDir: path.join(scratch, 'restored'), masterKey })).rejects.toThrow(
      /not empty/,
    );
  });

  it('refuses to write into a folder that is not empty', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: backupPath,
      headers: { 'x-operator-secret': secret },
      payload: { folder: path.join(scratch, 'backup') },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ name: 'INVALID_DATA', message: expect.stringMatching(/is not empty/) });
  });
});
