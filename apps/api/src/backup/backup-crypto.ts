import crypto from 'node:crypto';

/**
 * The backup key's two uses, each with a key of its own derived by HKDF-SHA256 (RFC 5869): the
 * database copy is sealed with AES-256-GCM (NIST SP 800-38D; a random 96-bit IV per backup), and
 * the manifest, which names every file with its SHA-256, is signed with HMAC-SHA256 (RFC 2104).
 * So a backup reveals nothing without the key, and restore notices any changed byte: in the
 * database copy (GCM's tag), in a recording (its hash in the manifest) or in the manifest itself.
 * Both primitives are node:crypto's (OpenSSL); nothing here is hand-made cryptography.
 */
type BackupKeys = { database: Buffer; manifest: Buffer; fingerprint: string };

export function deriveBackupKeys(backupKey: Buffer): BackupKeys {
  if (backupKey.length !== 32) throw new Error('The backup key must be 32 bytes.');
  const derive = (info: string) => Buffer.from(crypto.hkdfSync('sha256', backupKey, Buffer.alloc(0), info, 32));
  return {
    database: derive('auscura backup v2 database'),
    manifest: derive('auscura backup v2 manifest'),
    fingerprint: crypto.createHash('sha256').update(derive('auscura backup v2 fingerprint')).digest('hex').slice(0, 16),
  };
}

type Sealed = { iv: string; tag: string };

export function sealDatabase(keys: BackupKeys, plaintext: Buffer, aad: string): { ciphertext: Buffer } & Sealed {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keys.database, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { ciphertext, iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64') };
}

/** Throws when a byte of the ciphertext, the IV, the tag or the associated data was changed. */
export function openDatabase(keys: BackupKeys, ciphertext: Buffer, sealed: Sealed, aad: string): Buffer {
  const decipher = crypto.createDecipheriv('aes-256-gcm', keys.database, Buffer.from(sealed.iv, 'base64'));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
}

/** The manifest's signature: HMAC-SHA256 over its JSON without the `mac` field, keys in a fixed order. */
export function manifestMac(keys: BackupKeys, manifest: object): string {
  return crypto.createHmac('sha256', keys.manifest).update(canonicalJson(manifest)).digest('hex');
}

export function macMatches(keys: BackupKeys, manifest: object, mac: unknown): boolean {
  if (typeof mac !== 'string' || !/^[0-9a-f]{64}$/.test(mac)) return false;
  return crypto.timingSafeEqual(Buffer.from(manifestMac(keys, manifest), 'hex'), Buffer.from(mac, 'hex'));
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
