import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { encodeWav } from '@auscura/audio-engine';
import { apiBasePath, operatorRoutes } from '@auscura/contracts';
import { connectDatabase } from '../db/connect.js';
import { openBlobStore } from '../storage/store-settings.js';
import { auscultationUpload } from '../test/multipart.js';
import { refresh, signIn } from '../test/sign-in.js';
import { createTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { checkRestoredData } from './check-restored.js';
import { deriveBackupKeys, openDatabase } from './backup-crypto.js';
import {
  BackupTampered,
  keyFingerprint,
  manifestFile,
  readManifest,
  restoreEmbeddedBackup,
} from './embedded-backup.js';

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
  const backupKey = crypto.randomBytes(32);
  /** Refresh tokens live while the backup is taken: none may be found in it. */
  const refreshTokens: string[] = [];
  let t: TestApp;
  let token: string;
  let examId: string;
  let scratch: string;

  beforeAll(async () => {
    t = await createTestApp('pglite', { BACKUP_KEY: backupKey.toString('base64') }, { operatorSecret: secret });
    const tokens = await signIn(t.app, 'ada@riverside.example', 'Auscura-demo-2026');
    token = tokens.access_token;
    refreshTokens.push(tokens.refresh_token!);
    for (const email of ['grace@riverside.example', 'ben@lakeside.example']) {
      refreshTokens.push((await signIn(t.app, email, 'Auscura-demo-2026')).refresh_token!);
    }
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
      url: operatorRoutes.backup.path,
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
    const restored = await restoreEmbeddedBackup({ folder, dataDir, masterKey, backupKey });
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
      restoreEmbeddedBackup({
        folder,
        dataDir: path.join(scratch, 'other'),
        masterKey: crypto.randomBytes(32),
        backupKey,
      }),
    ).rejects.toThrow(/not the backup's/);
    const masterKey = Buffer.from(t.app.recordings.workerData.masterKey);
    await expect(
      restoreEmbeddedBackup({
        folder,
        dataDir: path.join(scratch, 'other'),
        masterKey,
        backupKey: crypto.randomBytes(32),
      }),
    ).rejects.toThrow(/backup key given/);
    await expect(
      restoreEmbeddedBackup({ folder, dataDir: path.join(scratch, 'restored'), masterKey, backupKey }),
    ).rejects.toThrow(/not empty/);
  });

  it('holds no live refresh token and no readable patient, neither in its files nor in its database', async () => {
    const folder = path.join(scratch, 'backup');
    // The tokens work: they are what a thief would look for.
    for (const refreshToken of refreshTokens.slice(1)) expect((await refresh(t.app, refreshToken)).status).toBe(200);
    const patients = await t.database.db
      .selectFrom('patient_profiles')
      .select(['first_name', 'last_name', 'email_address'])
      .execute();
    const secrets = [
      ...refreshTokens,
      ...patients
        .flatMap((p) => [p.email_address, `${p.first_name} ${p.last_name}`, p.last_name])
        .filter((text): text is string => typeof text === 'string' && text.length >= 5),
    ];
    expect(secrets.length).toBeGreaterThan(refreshTokens.length);
    const files = (await fs.readdir(folder, { recursive: true, withFileTypes: true })).filter((entry) =>
      entry.isFile(),
    );
    const contents = await Promise.all(files.map((entry) => fs.readFile(path.join(entry.parentPath, entry.name))));
    for (const content of contents) {
      const text = content.toString('latin1');
      for (const secret of secrets) expect(text.includes(secret), secret).toBe(false);
    }
    // Even with the backup key, the sign-in records inside hold only hashes: no string of the
    // database that looks like a token is accepted as a refresh token.
    const manifest = await readManifest(folder);
    const tar = openDatabase(
      deriveBackupKeys(backupKey),
      await fs.readFile(path.join(folder, manifest.database.file)),
      manifest.database,
      `auscura-embedded-backup 2 ${manifest.createdAt}`,
    );
    const plain = tar.toString('latin1');
    expect(plain).toContain(patients[0]!.email_address!);
    for (const refreshToken of refreshTokens) expect(plain.includes(refreshToken)).toBe(false);
    const candidates = [...new Set(plain.match(/(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g) ?? [])];
    for (const candidate of candidates.slice(0, 300)) {
      expect((await refresh(t.app, candidate)).status, candidate).not.toBe(200);
    }
  });

  it('refuses a backup with one byte changed: in the database copy, a recording or the manifest', async () => {
    const masterKey = Buffer.from(t.app.recordings.workerData.masterKey);
    const manifest = await readManifest(path.join(scratch, 'backup'));
    const recordingName = Object.keys(manifest.recordings.sha256)[0]!;
    for (const [n, file] of [manifest.database.file, `recordings/${recordingName}`, manifestFile].entries()) {
      const folder = path.join(scratch, `changed-${n}`);
      await fs.cp(path.join(scratch, 'backup'), folder, { recursive: true });
      const target = path.join(folder, file);
      const bytes = await fs.readFile(target);
      // One byte, in the middle (for the manifest: a digit of the recordings' byte count).
      const at = file === manifestFile ? bytes.indexOf(`"bytes": ${manifest.recordings.bytes}`) + 9 : bytes.length >> 1;
      bytes[at] = bytes[at] === 0x31 ? 0x32 : 0x31;
      await fs.writeFile(target, bytes);
      const dataDir = path.join(scratch, `changed-restore-${n}`);
      await expect(restoreEmbeddedBackup({ folder, dataDir, masterKey, backupKey }), file).rejects.toBeInstanceOf(
        BackupTampered,
      );
      // Nothing was written.
      await expect(fs.readdir(path.join(dataDir, 'pgdata'))).rejects.toThrow();
    }
  });

  it('refuses to write into a folder that is not empty', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: operatorRoutes.backup.path,
      headers: { 'x-operator-secret': secret },
      payload: { folder: path.join(scratch, 'backup') },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ name: 'INVALID_DATA', message: expect.stringMatching(/is not empty/) });
  });
});
