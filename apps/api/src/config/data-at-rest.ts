import fs from 'node:fs';
import path from 'node:path';

/**
 * Whether a folder lies on a dm-crypt (LUKS) volume: its mount's device is a device-mapper node
 * whose uuid starts with "CRYPT-" (how cryptsetup names its mappings; see dm-crypt(8) and
 * /sys/block/dm-N/dm/uuid). Answers undefined when this cannot be told (another OS, a container
 * that hides /sys, an overlay or network filesystem).
 */
export function onEncryptedVolume(
  folder: string,
  read: (file: string) => string = (file) => fs.readFileSync(file, 'utf8'),
): boolean | undefined {
  let mountinfo: string;
  try {
    mountinfo = read('/proc/self/mountinfo');
  } catch {
    return undefined;
  }
  const target = path.resolve(folder);
  // mountinfo: id parent major:minor root mountpoint options … - fstype source superoptions
  let best: { point: string; device: string; fstype: string } | undefined;
  for (const line of mountinfo.split('\n')) {
    const [left, right] = line.split(' - ');
    const fields = left?.split(' ') ?? [];
    const point = fields[4]?.replace(/\\040/g, ' ');
    if (!point || !right || !fields[2]) continue;
    const inside = target === point || target.startsWith(point.endsWith('/') ? point : `${point}/`);
    if (inside && (!best || point.length > best.point.length)) {
      best = { point, device: fields[2], fstype: right.split(' ')[0] ?? '' };
    }
  }
  if (!best) return undefined;
  try {
    return read(`/sys/dev/block/${best.device}/dm/uuid`).startsWith('CRYPT-');
  } catch {
    // Not a device-mapper node: a plain partition (not encrypted by dm-crypt), or no block device
    // at all (overlay, tmpfs, network): only the former is known to be plaintext.
    try {
      read(`/sys/dev/block/${best.device}/dev`);
      return false;
    } catch {
      return undefined;
    }
  }
}

/**
 * The warning `npm start` prints when patient data may lie in plaintext files (issue 36): the
 * embedded database in DATA_DIR/pgdata and PostgreSQL's data volume are not encrypted by
 * Auscura. Silent when the operator says they are (DATA_AT_REST_ENCRYPTED=true) or when DATA_DIR
 * is seen to lie on a dm-crypt volume.
 */
export function dataAtRestWarning(
  env: { dataDir: string; DATABASE_URL?: string; DATA_AT_REST_ENCRYPTED: boolean },
  encrypted: (folder: string) => boolean | undefined = onEncryptedVolume,
): string | undefined {
  if (env.DATA_AT_REST_ENCRYPTED) return undefined;
  if (env.DATABASE_URL) {
    return 'Patient data in PostgreSQL is not encrypted by Auscura: keep its data volume, backups and WAL archives on encrypted storage (README, "What must be encrypted at rest"), then set DATA_AT_REST_ENCRYPTED=true.';
  }
  const verdict = encrypted(env.dataDir);
  if (verdict === true) return undefined;
  const known =
    verdict === false
      ? 'is not on an encrypted volume'
      : 'may not be on an encrypted volume (this cannot be told here)';
  return `DATA_DIR ${env.dataDir} ${known}: the database in it (patients' names, e-mail addresses, birthdates, notes) is stored in plaintext files. Put DATA_DIR on an encrypted volume (e.g. LUKS), then set DATA_AT_REST_ENCRYPTED=true.`;
}
