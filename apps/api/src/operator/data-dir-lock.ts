import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export type ServerLockInfo = { pid: number; port: number };

const lockFile = (dataDir: string) => path.join(dataDir, 'server.lock');
const secretFile = (dataDir: string) => path.join(dataDir, 'operator.secret');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The running server that holds DATA_DIR, if any (a lock whose process died is stale). */
export function readServerLock(dataDir: string): ServerLockInfo | undefined {
  try {
    const info = JSON.parse(fs.readFileSync(lockFile(dataDir), 'utf8')) as ServerLockInfo;
    return alive(info.pid) ? info : undefined;
  } catch {
    return undefined;
  }
}

/**
 * PGlite allows one process per data folder; two that open it both succeed and silently
 * diverge (seen with PGlite 0.4). The server therefore takes this lock before opening anything, and CLIs
 * go through the running server instead of opening the folder.
 */
export function acquireServerLock(dataDir: string, port: number): { release(): void; setPort(port: number): void } {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = lockFile(dataDir);
  const write = (p: number) => JSON.stringify({ pid: process.pid, port: p } satisfies ServerLockInfo);
  try {
    fs.writeFileSync(file, write(port), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = readServerLock(dataDir);
    if (holder && holder.pid !== process.pid) {
      throw new Error(`Another Auscura server (pid ${holder.pid}) is using ${dataDir}. Stop it first.`);
    }
    fs.writeFileSync(file, write(port), { mode: 0o600 });
  }
  let released = false;
  return {
    setPort(p) {
      fs.writeFileSync(file, write(p), { mode: 0o600 });
    },
    release() {
      if (released) return;
      released = true;
      try {
        const info = JSON.parse(fs.readFileSync(file, 'utf8')) as ServerLockInfo;
        if (info.pid === process.pid) fs.unlinkSync(file);
      } catch {
        // Already gone.
      }
    },
  };
}

/** The secret the CLI presents to the local operator endpoint; made once, readable only by the owner. */
export function operatorSecret(dataDir: string): string {
  const file = secretFile(dataDir);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(32).toString('base64url');
    try {
      fs.writeFileSync(file, secret, { flag: 'wx', mode: 0o600 });
    } catch {
      // Made by another process in the meantime.
    }
    return fs.readFileSync(file, 'utf8').trim();
  }
}
