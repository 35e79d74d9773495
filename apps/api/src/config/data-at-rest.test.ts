import { describe, expect, it } from 'vitest';
import { dataAtRestWarning, onEncryptedVolume } from './data-at-rest.js';

const mountinfo = [
  '22 1 253:0 / / rw,relatime - ext4 /dev/mapper/root rw',
  '30 22 8:17 / /srv/plain rw,relatime - ext4 /dev/sdb1 rw',
  '31 22 253:3 / /srv/secure rw,relatime - ext4 /dev/mapper/luks-data rw',
  '32 22 0:44 / /srv/overlay rw,relatime - overlay overlay rw',
].join('\n');
const sys: Record<string, string> = {
  '/proc/self/mountinfo': mountinfo,
  '/sys/dev/block/253:0/dm/uuid': 'LVM-abc',
  '/sys/dev/block/253:0/dev': '253:0',
  '/sys/dev/block/8:17/dev': '8:17',
  '/sys/dev/block/253:3/dm/uuid': 'CRYPT-LUKS2-0123-luks-data',
  '/sys/dev/block/253:3/dev': '253:3',
};
const read = (file: string) => {
  if (file in sys) return sys[file]!;
  throw new Error(`ENOENT ${file}`);
};

describe('whether patient data lies in plaintext files (issue 36)', () => {
  it('tells a dm-crypt volume from a plain one, and says when it cannot tell', () => {
    expect(onEncryptedVolume('/srv/secure/auscura/data', read)).toBe(true);
    expect(onEncryptedVolume('/srv/plain/data', read)).toBe(false);
    expect(onEncryptedVolume('/var/lib/auscura', read)).toBe(false);
    expect(onEncryptedVolume('/srv/overlay/data', read)).toBeUndefined();
    expect(
      onEncryptedVolume('/srv/secure', () => {
        throw new Error('no /proc');
      }),
    ).toBeUndefined();
  });

  it('warns at start unless the data is seen or said to be encrypted', () => {
    const env = { dataDir: '/srv/data', DATA_AT_REST_ENCRYPTED: false };
    expect(dataAtRestWarning(env, () => false)).toMatch(/is not on an encrypted volume.*plaintext files/);
    expect(dataAtRestWarning(env, () => undefined)).toMatch(/cannot be told/);
    expect(dataAtRestWarning(env, () => true)).toBeUndefined();
    expect(dataAtRestWarning({ ...env, DATA_AT_REST_ENCRYPTED: true }, () => false)).toBeUndefined();
    expect(dataAtRestWarning({ ...env, DATABASE_URL: 'postgres://db/auscura' }, () => true)).toMatch(/PostgreSQL/);
  });
});
