import crypto from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { deriveBackupKeys, macMatches, manifestMac, openDatabase, sealDatabase } from './backup-crypto.js';

/**
 * Backup and restore of the embedded default: the PGlite database and the encrypted recordings in
 * DATA_DIR, together and consistent. The database is copied first, in one piece (PGlite's data
 * folder as a tar, taken while the server holds every other query back); the recordings after it,
 * while the server holds back deletions — so every recording a copied row names is in the copy
 * (recordings are stored before their row commits). Recordings stored meanwhile without a row in the
 * copy are orphans the sweep removes after a restore.
 *
 * Neither key is part of the backup (the manifest holds only their fingerprints). The database copy
 * is sealed with the backup key (backup-crypto.ts: AES-256-GCM), so a stolen backup reveals no
 * patient and no sign-in record; the recordings are encrypted with the recordings master key
 * already. The backup key is a third key, kept apart from the data, the master key and the
 * backups (BACKUP_KEY). Restore checks the manifest's signature, the database's GCM tag and every
 * recording's hash before it writes anything.
 */
export const manifestFile = 'manifest.json';
const databaseFile = 'pgdata.tar.enc';
const recordingsFolder = 'recordings';
const format = 'auscura-embedded-backup' as const;

type BackupManifest = {
  format: typeof format;
  version: 2;
  createdAt: string;
  database: { file: string; bytes: number; iv: string; tag: string };
  /** Every recording file (path under recordings/ → SHA-256 hex). */
  recordings: { files: number; bytes: number; sha256: Record<string, string> };
  masterKeyFingerprint: string;
  backupKeyFingerprint: string;
  /** HMAC-SHA256 of the rest with the backup key's manifest key. */
  mac: string;
};

/** The associated data of the database copy's seal: ties it to this backup's manifest. */
const databaseAad = (createdAt: string) => `${format} 2 ${createdAt}`;

type BackupSource = {
  /** PGlite's data folder as a tar, taken in one piece. */
  dumpDatabase(): Promise<Blob>;
  /** DATA_DIR/recordings. */
  recordingsFolder: string;
  masterKey: Buffer;
  /** BACKUP_KEY: 32 bytes, kept apart from the data, the master key and the backups. */
  backupKey: Buffer;
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

async function copyTree(
  from: string,
  to: string,
): Promise<{ files: number; bytes: number; sha256: Record<string, string> }> {
  let files = 0;
  let bytes = 0;
  const sha256: Record<string, string> = {};
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
    sha256[relative.split(path.sep).join('/')] = await sha256File(target);
  }
  return { files, bytes, sha256 };
}

async function sha256File(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** A backup or restore refused for a reason the operator can fix (the message says which). */
export class BackupRefusal extends Error {}

/** BACKUP_KEY as bytes; a backup or restore without one is refused with what to do. */
export function requireBackupKey(value: string | undefined): Buffer {
  if (!value) {
    throw new BackupRefusal(
      'Set BACKUP_KEY (base64 of 32 bytes, e.g. `openssl rand -base64 32`) to seal backups; keep it apart from DATA_DIR, the recordings master key and the backups.',
    );
  }
  return Buffer.from(value, 'base64');
}

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
  const keys = deriveBackupKeys(source.backupKey);
  if (source.backupKey.equals(source.masterKey)) {
    throw new BackupRefusal('BACKUP_KEY must not be the recordings master key: keep two keys, apart.');
  }
  const target = path.resolve(folder);
  await assertEmptyOrMissing(target, 'The backup folder');
  await fs.mkdir(target, { recursive: true, mode: 0o700 });
  const createdAt = new Date().toISOString();
  const release = source.holdDeletions?.() ?? (() => undefined);
  let recordings: BackupManifest['recordings'];
  let sealed: { iv: string; tag: string; bytes: number };
  try {
    const tar = Buffer.from(await (await source.dumpDatabase()).arrayBuffer());
    const { ciphertext, iv, tag } = sealDatabase(keys, tar, databaseAad(createdAt));
    // The plaintext copy never touches the disk.
    await fs.writeFile(path.join(target, databaseFile), ciphertext, { mode: 0o600 });
    sealed = { iv, tag, bytes: ciphertext.length };
    recordings = await copyTree(source.recordingsFolder, path.join(target, recordingsFolder));
  } finally {
    release();
  }
  const unsigned = {
    format,
    version: 2 as const,
    createdAt,
    database: { file: databaseFile, ...sealed },
    recordings,
    masterKeyFingerprint: keyFingerprint(source.masterKey),
    backupKeyFingerprint: keys.fingerprint,
  };
  const manifest: BackupManifest = { ...unsigned, mac: manifestMac(keys, unsigned) };
  await fs.writeFile(path.join(target, manifestFile), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return [
    `Backup written to ${target}: database ${manifest.database.bytes} bytes (encrypted), ${recordings.files} recording files (${recordings.bytes} bytes).`,
    `Neither the backup key (fingerprint ${keys.fingerprint}) nor the recordings master key (fingerprint ${manifest.masterKeyFingerprint}) is in it: keep both apart; restore needs both.`,
  ].join('\n');
}

export async function readManifest(folder: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await fs.readFile(path.join(folder, manifestFile), 'utf8')) as BackupManifest;
  } catch {
    throw new Error(`${folder} holds no complete backup (no readable ${manifestFile}).`);
  }
  if (manifest.format !== format) throw new Error(`${folder} is not an Auscura backup.`);
  if ((manifest.version as number) === 1) {
    throw new Error(`${folder} is an unencrypted backup of an older version: restore it with that version.`);
  }
  if (manifest.version !== 2) throw new Error(`${folder} is a backup of a newer version.`);
  return manifest;
}

/** A backup that was changed or damaged after it was written: restore refuses it. */
export class BackupTampered extends Error {}

/**
 * Restores a backup into a DATA_DIR that has no database and no recordings yet. Before writing it
 * checks both keys against their fingerprints, the manifest's signature, every recording's hash
 * and the database copy's GCM tag: a backup with one byte changed is refused.
 */
export async function restoreEmbeddedBackup(options: {
  folder: string;
  dataDir: string;
  masterKey: Buffer;
  backupKey: Buffer;
}): Promise<{ manifest: BackupManifest; recordings: { files: number; bytes: number } }> {
  const source = path.resolve(options.folder);
  const manifest = await readManifest(source);
  const keys = deriveBackupKeys(options.backupKey);
  if (keys.fingerprint !== manifest.backupKeyFingerprint) {
    throw new Error(
      `The backup key given (fingerprint ${keys.fingerprint}) is not the backup's (${manifest.backupKeyFingerprint}). Set BACKUP_KEY to the key the backup was made with.`,
    );
  }
  const { mac, ...unsigned } = manifest;
  if (!macMatches(keys, unsigned, mac)) {
    throw new BackupTampered(`${path.join(source, manifestFile)} was changed: its signature does not match.`);
  }
  if (keyFingerprint(options.masterKey) !== manifest.masterKeyFingerprint) {
    throw new Error(
      `The recordings master key given (fingerprint ${keyFingerprint(options.masterKey)}) is not the backup's (${manifest.masterKeyFingerprint}). ` +
        'Put the right key in DATA_DIR/keys/recordings-master.key or RECORDINGS_MASTER_KEY.',
    );
  }
  // Every recording file is the one the backup wrote, and no file was added or removed.
  const found = new Set<string>();
  for await (const relative of filesUnder(path.join(source, recordingsFolder))) {
    const name = relative.split(path.sep).join('/');
    found.add(name);
    if (manifest.recordings.sha256[name] !== (await sha256File(path.join(source, recordingsFolder, relative)))) {
      throw new BackupTampered(`The backup's recording ${name} was changed or added after the backup.`);
    }
  }
  const lost = Object.keys(manifest.recordings.sha256).filter((name) => !found.has(name));
  if (lost.length) throw new BackupTampered(`The backup's recordings ${lost.slice(0, 5).join(', ')} are missing.`);
  const databasePath = path.join(source, path.basename(manifest.database.file));
  let tar: Buffer;
  try {
    tar = openDatabase(keys, await fs.readFile(databasePath), manifest.database, databaseAad(manifest.createdAt));
  } catch {
    throw new BackupTampered(`${databasePath} was changed or damaged: it does not decrypt with the backup key.`);
  }
  const pgdata = path.join(options.dataDir, 'pgdata');
  await assertEmptyOrMissing(pgdata, 'The database folder');
  await assertEmptyOrMissing(path.join(options.dataDir, recordingsFolder), 'The recordings folder');
  const { PGlite } = await import('@electric-sql/pglite');
  await fs.mkdir(pgdata, { recursive: true });
  const client = await PGlite.create({ dataDir: pgdata, loadDataDir: new Blob([new Uint8Array(tar)]) });
  await client.close();
  const recordings = await copyTree(path.join(source, recordingsFolder), path.join(options.dataDir, recordingsFolder));
  return { manifest, recordings };
}
