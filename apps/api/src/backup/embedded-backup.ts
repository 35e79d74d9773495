import crypto from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Backup and restore of the embedded default: the PGlite database and the encrypted recordings in
 * DATA_DIR, together and consistent. The database is copied first, in one piece (PGlite's data
 * folder as a tar, taken while the server holds every other query back); the recordings after it,
 * while the server holds back deletions — so every recording a copied row names is in the copy
 * (recordings are stored before their row commits). Recordings stored meanwhile without a row in the
 * copy are orphans the sweep removes after a restore.
 *
 * The recordings master key is not part of the backup: a stolen backup alone reveals no recording
 * (the manifest holds only the key's fingerprint). Keep the key apart, and give it to the restore.
 */
export const manifestFile = 'manifest.json';
const databaseFile = 'pgdata.tar';
const recordingsFolder = 'recordings';
const format = 'auscura-embedded-backup';

export type BackupManifest = {
  format: typeof format;
  version: 1;
  createdAt: string;
  database: { file: string; bytes: number; sha256: string };
  recordings: { files: number; bytes: number };
  masterKeyFingerprint: string;
};

export type BackupSource = {
  /** PGlite's data folder as a tar, taken in one piece. */
  dumpDatabase(): Promise<Blob>;
  /** DATA_DIR/recordings. */
  recordingsFolder: string;
  masterKey: Buffer;
  /** Holds back recording deletions until the returned function is called. */
  holdDeletions?: () => () => void;
};

/** A key's fingerprint: the first 16 hex digits of its SHA-256, enough to tell keys apart. */
export const keyFingerprint = (key: Buffer) => crypto.createHash('sha256').update(key).digest('hex').slice(0, 16);

async function* filesUnder(folder: string, prefix = ''): AsyncGenerator<string> {
  let entries;
  try {
    entries = await fs.readdir(path.join(folder, prefix), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) {
    const relative = path.join(prefix, entry.name);
    // `.tmp-…` files are recordings still being written; the finished ones have their own names.
    if (entry.name.startsWith('.tmp-')) continue;
    if (entry.isDirectory()) yield* filesUnder(folder, relative);
    else if (entry.isFile()) yield relative;
  }
}

async function copyTree(from: string, to: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for await (const relative of filesUnder(from)) {
    const target = path.join(to, relative);
    await fs.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.copyFile(path.join(from, relative), target, fs.constants.COPYFILE_EXCL);
    } catch (error) {
      // Removed since the listing (a failed upload's own clean-up): it had no row.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    files++;
    bytes += (await fs.stat(target)).size;
  }
  return { files, bytes };
}

async function sha256File(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** A backup or restore refused for a reason the operator can fix (the message says which). */
export class BackupRefusal extends Error {}

async function assertEmptyOrMissing(folder: string, what: string) {
  try {
    const entries = await fs.readdir(folder);
    if (entries.length) throw new BackupRefusal(`${what} ${folder} is not empty.`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** Writes a backup into `folder` (new or empty); the manifest is written last and marks it complete. */
export async function writeEmbeddedBackup(folder: string, source: BackupSource): Promise<string> {
  const target = path.resolve(folder);
  await assertEmptyOrMissing(target, 'The backup folder');
  await fs.mkdir(target, { recursive: true, mode: 0o700 });
  const release = source.holdDeletions?.() ?? (() => undefined);
  let recordings: { files: number; bytes: number };
  const databasePath = path.join(target, databaseFile);
  try {
    const tar = await source.dumpDatabase();
    await fs.writeFile(databasePath, Buffer.from(await tar.arrayBuffer()), { mode: 0o600 });
    recordings = await copyTree(source.recordingsFolder, path.join(target, recordingsFolder));
  } finally {
    release();
  }
  const manifest: BackupManifest = {
    format,
    version: 1,
    createdAt: new Date().toISOString(),
    database: { file: databaseFile, bytes: (await fs.stat(databasePath)).size, sha256: await sha256File(databasePath) },
    recordings,
    masterKeyFingerprint: keyFingerprint(source.masterKey),
  };
  await fs.writeFile(path.join(target, manifestFile), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return [
    `Backup written to ${target}: database ${manifest.database.bytes} bytes, ${recordings.files} recording files (${recordings.bytes} bytes).`,
    `The recordings master key (fingerprint ${manifest.masterKeyFingerprint}) is not in it: keep the key apart; restore needs it.`,
  ].join('\n');
}

export async function readManifest(folder: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await fs.readFile(path.join(folder, manifestFile), 'utf8')) as BackupManifest;
  } catch {
    throw new Error(`${folder} holds no complete backup (no readable ${manifestFile}).`);
  }
  if (manifest.format !== format || manifest.version !== 1) throw new Error(`${folder} is not an Auscura backup.`);
  return manifest;
}

/**
 * Restores a backup into a DATA_DIR that has no database and no recordings yet. Checks the
 * database copy against its checksum and the master key against the fingerprint before writing.
 */
export async function restoreEmbeddedBackup(options: {
  folder: string;
  dataDir: string;
  masterKey: Buffer;
}): Promise<{ manifest: BackupManifest; recordings: { files: number; bytes: number } }> {
  const source = path.resolve(options.folder);
  const manifest = await readManifest(source);
  if (keyFingerprint(options.masterKey) !== manifest.masterKeyFingerprint) {
    throw new Error(
      `The recordings master key given (fingerprint ${keyFingerprint(options.masterKey)}) is not the backup's (${manifest.masterKeyFingerprint}). ` +
        'Put the right key in DATA_DIR/keys/recordings-master.key or RECORDINGS_MASTER_KEY.',
    );
  }
  const databasePath = path.join(source, manifest.database.file);
  if ((await sha256File(databasePath)) !== manifest.database.sha256) {
    throw new Error(`${databasePath} does not match the checksum in the manifest.`);
  }
  const pgdata = path.join(options.dataDir, 'pgdata');
  await assertEmptyOrMissing(pgdata, 'The database folder');
  await assertEmptyOrMissing(path.join(options.dataDir, recordingsFolder), 'The recordings folder');
  const { PGlite } = await import('@electric-sql/pglite');
  await fs.mkdir(pgdata, { recursive: true });
  const client = await PGlite.create({ dataDir: pgdata, loadDataDir: new Blob([await fs.readFile(databasePath)]) });
  await client.close();
  const recordings = await copyTree(path.join(source, recordingsFolder), path.join(options.dataDir, recordingsFolder));
  return { manifest, recordings };
}
