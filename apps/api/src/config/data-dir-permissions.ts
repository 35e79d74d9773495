import fs from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR holds the embedded database (its WAL carries refresh tokens next to patient data),
 * the identity keys, the recordings and the outbox: only the server's own user may read it.
 * New files and folders get 0600/0700 through the umask; this fixes what an older version or
 * a copy left readable (0755 folders, 0644 files), once at start. Symbolic links are left alone.
 */
export const privateUmask = 0o077;

export function securePermissions(dataDir: string): { fixed: number } {
  let fixed = 0;
  const visit = (target: string, isDirectory: boolean) => {
    const wanted = isDirectory ? 0o700 : 0o600;
    const mode = fs.lstatSync(target).mode & 0o777;
    // Keep the owner's bits (an executable stays executable for its owner); drop group and others.
    const next = isDirectory ? wanted : (mode & 0o700) | wanted;
    if (mode !== next) {
      fs.chmodSync(target, next);
      fixed++;
    }
    if (!isDirectory) return;
    for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
      if (entry.isSymbolicLink()) continue;
      if (entry.isDirectory() || entry.isFile()) visit(path.join(target, entry.name), entry.isDirectory());
    }
  };
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  visit(dataDir, true);
  return { fixed };
}
