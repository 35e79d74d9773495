import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../test/server-process.js';

async function modes(folder: string): Promise<{ file: string; mode: number; directory: boolean }[]> {
  const found: { file: string; mode: number; directory: boolean }[] = [];
  const walk = async (target: string) => {
    const stat = await fs.lstat(target);
    found.push({ file: path.relative(folder, target) || '.', mode: stat.mode & 0o777, directory: stat.isDirectory() });
    if (stat.isDirectory()) for (const name of await fs.readdir(target)) await walk(path.join(target, name));
  };
  await walk(folder);
  return found;
}

/**
 * Finding 2 of issue 21: a server started on a DATA_DIR that an older version left readable to
 * everyone (0755 folder, 0644 files) closes it, and everything it writes there (the embedded
 * database, identity keys) is the server user's alone.
 */
describe('DATA_DIR permissions', () => {
  const folders: string[] = [];
  afterAll(async () => {
    for (const folder of folders) await fs.rm(folder, { recursive: true, force: true });
  });

  it('are 0700 for folders and 0600 for files after a start', { timeout: 120_000 }, async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'auscura-modes-'));
    folders.push(dataDir);
    await fs.chmod(dataDir, 0o755);
    await fs.mkdir(path.join(dataDir, 'outbox'), { mode: 0o755 });
    await fs.writeFile(path.join(dataDir, 'outbox', 'old.eml'), 'x', { mode: 0o644 });
    const server = await startServerProcess(18_000 + Math.floor(Math.random() * 2000), {
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'true',
    });
    try {
      const found = await modes(dataDir);
      expect(found.some((entry) => entry.file.startsWith('pgdata'))).toBe(true);
      expect(found.some((entry) => entry.file.startsWith('identity'))).toBe(true);
      const open = found.filter((entry) => (entry.mode & 0o077) !== 0);
      expect(open).toEqual([]);
      expect(found.find((entry) => entry.file === '.')?.mode).toBe(0o700);
      expect(found.find((entry) => entry.file === path.join('outbox', 'old.eml'))?.mode).toBe(0o600);
    } finally {
      await server.stop();
    }
  });
});
