import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The master key that wraps every recording's data key. From RECORDINGS_MASTER_KEY when set;
 * otherwise DATA_DIR/keys/recordings-master.key, created (0600, in a 0700 folder) on first start.
 * It is kept apart from DATA_DIR/recordings so a copy of the recordings alone reveals nothing.
 */
export async function loadOrCreateRecordingsMasterKey(dataDir: string, fromEnv?: string): Promise<Buffer> {
  if (fromEnv) return decode(Buffer.from(fromEnv, 'base64'), 'RECORDINGS_MASTER_KEY');
  const folder = path.join(dataDir, 'keys');
  const file = path.join(folder, 'recordings-master.key');
  await fs.mkdir(folder, { recursive: true, mode: 0o700 });
  try {
    return decode(Buffer.from((await fs.readFile(file, 'utf8')).trim(), 'base64'), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = crypto.randomBytes(32);
  try {
    // 'wx': never replace a key another process wrote meanwhile (that would orphan its blobs).
    const handle = await fs.open(file, 'wx', 0o600);
    try {
      await handle.writeFile(`${key.toString('base64')}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return decode(Buffer.from((await fs.readFile(file, 'utf8')).trim(), 'base64'), file);
  }
}

function decode(key: Buffer, source: string): Buffer {
  if (key.length !== 32) throw new Error(`The recordings master key in ${source} is not 32 bytes`);
  return key;
}
