import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkRestoredData } from '../backup/check-restored.js';
import { requireBackupKey, restoreEmbeddedBackup, writeEmbeddedBackup } from '../backup/embedded-backup.js';
import { loadEnv } from '../config/env.js';
import type { Env } from '../config/env.js';
import { connectDatabase, migrate } from '../db/connect.js';
import { operatorSecret, readServerLock } from '../operator/data-dir-lock.js';
import { auditRangeSchema, operatorRoutes } from '@auscura/contracts';
import { auditExportLines } from '../operator/routes.js';
import { loadOrCreateRecordingsMasterKey } from '../storage/master-key.js';
import { openBlobStore } from '../storage/store-settings.js';

/**
 * The operator's data commands: audit export, backup and restore. Like the other commands they go
 * through the running server when one holds DATA_DIR (PGlite allows one process per folder).
 */
const serverUrl = (env: Env) => {
  const server = readServerLock(env.dataDir);
  return server ? `http://127.0.0.1:${server.port}` : undefined;
};
const operatorHeaders = (env: Env) => ({ 'x-operator-secret': operatorSecret(env.dataDir) });

/** Writes the audit entries of [from, to) as JSON lines to `out` (a file) or standard output. */
export async function exportAudit(options: { from?: string; to?: string; out?: string }): Promise<string> {
  const range = auditRangeSchema.parse({ from: options.from, to: options.to });
  const env = loadEnv();
  const target = options.out ? createWriteStream(options.out, { flags: 'wx', mode: 0o600 }) : process.stdout;
  const end = options.out ? {} : { end: false };
  const base = serverUrl(env);
  if (base) {
    const query = new URLSearchParams({ from: range.from.toISOString(), to: range.to.toISOString() });
    const response = await fetch(`${base}${operatorRoutes.auditExport.path}?${query}`, {
      headers: operatorHeaders(env),
    });
    if (!response.ok || !response.body) throw new Error(`The server refused the export (${response.status}).`);
    await pipeline(Readable.fromWeb(response.body as never), target, end);
  } else {
    const database = await connectDatabase({ url: env.DATABASE_URL, dataDir: env.dataDir });
    try {
      await migrate(database);
      await pipeline(Readable.from(auditExportLines(database.db, range.from, range.to)), target, end);
    } finally {
      await database.close();
    }
  }
  return options.out ? `Audit entries written to ${options.out}.` : '';
}

function embeddedOnly(env: Env) {
  if (env.DATABASE_URL || env.recordingsS3) {
    throw new Error(
      'backup and restore cover the embedded default (PGlite and recordings in DATA_DIR). With DATABASE_URL or ' +
        'RECORDINGS_S3_BUCKET, use pg_dump/pg_restore and the store’s own copy (README, "Backup and restore").',
    );
  }
}

export async function backup(folder: string | undefined): Promise<string> {
  if (!folder) throw new Error('Usage: npm run admin -- backup DIR');
  const env = loadEnv();
  embeddedOnly(env);
  const target = path.resolve(folder);
  const base = serverUrl(env);
  if (base) {
    const response = await fetch(`${base}${operatorRoutes.backup.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...operatorHeaders(env) },
      body: JSON.stringify({ folder: target }),
    });
    const body = (await response.json()) as { output?: string; message?: string };
    if (!response.ok) throw new Error(body.message ?? `The server refused the backup (${response.status}).`);
    return body.output ?? '';
  }
  const database = await connectDatabase({ dataDir: env.dataDir });
  try {
    return await writeEmbeddedBackup(target, {
      dumpDatabase: () => database.dumpDataDir!(),
      recordingsFolder: path.join(env.dataDir, 'recordings'),
      masterKey: await loadOrCreateRecordingsMasterKey(env.dataDir, env.RECORDINGS_MASTER_KEY),
      backupKey: requireBackupKey(env.BACKUP_KEY),
    });
  } finally {
    await database.close();
  }
}

/** The master key for a restore: never made anew (a new key could read none of the backup's recordings). */
async function existingMasterKey(env: Env): Promise<Buffer> {
  if (env.RECORDINGS_MASTER_KEY) return loadOrCreateRecordingsMasterKey(env.dataDir, env.RECORDINGS_MASTER_KEY);
  const file = path.join(env.dataDir, 'keys', 'recordings-master.key');
  try {
    await fs.access(file);
  } catch {
    throw new Error(
      `No recordings master key: put the backup's key in ${file} (mode 0600) or set RECORDINGS_MASTER_KEY.`,
    );
  }
  return loadOrCreateRecordingsMasterKey(env.dataDir);
}

export async function restore(folder: string | undefined): Promise<string> {
  if (!folder) throw new Error('Usage: npm run admin -- restore DIR');
  const env = loadEnv();
  embeddedOnly(env);
  if (readServerLock(env.dataDir))
    throw new Error(`A server is using ${env.dataDir}: stop it before restoring into it.`);
  const backupKey = requireBackupKey(env.BACKUP_KEY);
  const masterKey = await existingMasterKey(env);
  const { manifest, recordings } = await restoreEmbeddedBackup({ folder, dataDir: env.dataDir, masterKey, backupKey });
  const database = await connectDatabase({ dataDir: env.dataDir });
  try {
    const applied = await migrate(database);
    const store = openBlobStore({ kind: 'encrypted-file', folder: path.join(env.dataDir, 'recordings') }, masterKey);
    const checked = await checkRestoredData(database.db, store);
    if (checked.missing.length) {
      throw new Error(
        `Restored, but ${checked.missing.length} recordings named by rows are missing: ${checked.missing.slice(0, 5).join(', ')}`,
      );
    }
    const total = Object.values(checked.rows).reduce((sum, n) => sum + n, 0);
    return [
      `Restored the backup of ${manifest.createdAt} into ${env.dataDir}: ${total} rows, ${recordings.files} recording files.`,
      `Checked: all ${checked.recordings} recordings the rows name are present and decrypt; the audit chain (${checked.auditEntries} entries) is intact.` +
        (applied.length ? ` Migrations applied: ${applied.join(', ')}.` : ''),
      'Identity keys are not in a backup, and its sign-in records hold only hashes of tokens: people sign in again.',
    ].join('\n');
  } finally {
    await database.close();
  }
}
