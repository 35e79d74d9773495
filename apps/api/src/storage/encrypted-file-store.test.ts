import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { decodeWav } from '@auscura/audio-engine';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEncryptedFileStore, decryptBlobBytes } from './encrypted-file-store.js';
import { loadOrCreateRecordingsMasterKey } from './master-key.js';

const fixture = path.resolve(
  import.meta.dirname,
  '../../../../benchmarks/fixtures/audio/heart_normal_circor_50017_MV.wav',
);

async function readAll(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part);
  return Buffer.concat(parts);
}

/**
 * An independent reader of the documented format (not the store's code): unwrap the data key
 * with the master key, then open each 64 KiB record with its counter nonce and additional data.
 */
function decryptIndependently(masterKey: Buffer, key: string, file: Buffer): Buffer {
  const size = Number(file.readBigUInt64BE(12));
  const chunk = file.readUInt32BE(8);
  const unwrap = crypto.createDecipheriv('aes-256-gcm', masterKey, file.subarray(20, 32));
  unwrap.setAAD(Buffer.concat([Buffer.from('auscura recording data key v1'), Buffer.from(key)]));
  unwrap.setAuthTag(file.subarray(64, 80));
  const dataKey = Buffer.concat([unwrap.update(file.subarray(32, 64)), unwrap.final()]);
  const records = Math.max(1, Math.ceil(size / chunk));
  const out: Buffer[] = [];
  let offset = 96;
  for (let index = 0; index < records; index++) {
    const length = Math.min(chunk, size - index * chunk);
    const nonce = Buffer.alloc(12);
    nonce.writeUInt32BE(index, 8);
    const aad = Buffer.alloc(9);
    aad.writeUInt32BE(index, 4);
    aad[8] = index === records - 1 ? 1 : 0;
    const decipher = crypto.createDecipheriv('aes-256-gcm', dataKey, nonce);
    decipher.setAAD(Buffer.concat([Buffer.from(key), Buffer.from([0]), aad]));
    decipher.setAuthTag(file.subarray(offset + length, offset + length + 16));
    out.push(decipher.update(file.subarray(offset, offset + length)), decipher.final());
    offset += length + 16;
  }
  return Buffer.concat(out);
}

describe('the encrypted recording store', () => {
  let dataDir: string;
  let masterKey: Buffer;
  let folder: string;

  beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'auscura-store-'));
    masterKey = await loadOrCreateRecordingsMasterKey(dataDir);
    folder = path.join(dataDir, 'recordings');
  });
  afterEach(async () => fs.rm(dataDir, { recursive: true, force: true }));

  it('creates the master key once, 0600, in DATA_DIR/keys apart from the recordings', async () => {
    const file = path.join(dataDir, 'keys', 'recordings-master.key');
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect(await loadOrCreateRecordingsMasterKey(dataDir)).toEqual(masterKey);
    const fromEnv = crypto.randomBytes(32);
    expect(await loadOrCreateRecordingsMasterKey(dataDir, fromEnv.toString('base64'))).toEqual(fromEnv);
  });

  it('stores a WAV so that the file on disk is not a readable WAV, and the key round-trips it byte for byte', async () => {
    const store = createEncryptedFileStore({ folder, masterKey });
    const original = await fs.readFile(fixture);
    const stored = await store.put('a.wav', original);
    expect(stored).toEqual({
      key: 'a.wav',
      size: original.length,
      sha256: crypto.createHash('sha256').update(original).digest('hex'),
    });
    const onDisk = await fs.readFile(path.join(folder, 'a.wav'));
    expect(() => decodeWav(onDisk)).toThrow();
    expect(onDisk.includes(original.subarray(44, 300))).toBe(false);
    expect(decryptIndependently(masterKey, 'a.wav', onDisk).equals(original)).toBe(true);
    expect(decryptBlobBytes(masterKey, 'a.wav', onDisk).equals(original)).toBe(true);
    expect((await readAll(await store.get('a.wav'))).equals(original)).toBe(true);
    expect((await fs.stat(path.join(folder, 'a.wav'))).mode & 0o777).toBe(0o600);
  });

  it('serves any byte range by decrypting only the records it covers', async () => {
    const store = createEncryptedFileStore({ folder, masterKey });
    const bytes = crypto.randomBytes(3 * 65536 + 123);
    // Streamed in uneven pieces, so chunk boundaries fall inside pieces.
    async function* pieces() {
      for (let at = 0; at < bytes.length; at += 10_000) yield bytes.subarray(at, at + 10_000);
    }
    await store.put('b.bin', pieces());
    expect(await store.head('b.bin')).toEqual({ size: bytes.length });
    for (const [start, end] of [
      [0, 0],
      [65535, 65536],
      [100, 190_000],
      [bytes.length - 1, bytes.length - 1],
      [131072, bytes.length - 1],
    ] as const) {
      const got = await readAll(await store.get('b.bin', { start, end }));
      expect(got.equals(bytes.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
    }
    await expect(store.get('b.bin', { start: 0, end: bytes.length })).rejects.toThrow(RangeError);
  });

  it('refuses tampered files, another master key, overwrites and path-like keys', async () => {
    const store = createEncryptedFileStore({ folder, masterKey });
    await store.put('c.bin', crypto.randomBytes(70_000));
    const file = path.join(folder, 'c.bin');
    const onDisk = await fs.readFile(file);
    onDisk[96 + 65536 + 16 + 5]! ^= 1;
    await fs.writeFile(file, onDisk);
    await expect(readAll(await store.get('c.bin', { start: 0, end: 10 }))).resolves.toHaveLength(11);
    await expect(readAll(await store.get('c.bin'))).rejects.toThrow();
    const other = createEncryptedFileStore({ folder, masterKey: crypto.randomBytes(32) });
    await expect(other.get('c.bin')).rejects.toThrow(/another master key/);
    await expect(store.put('c.bin', Buffer.from('x'))).rejects.toThrow();
    await expect(store.put('../escape', Buffer.from('x'))).rejects.toThrow(/Invalid blob key/);
    expect((await fs.readdir(folder)).sort()).toEqual(['c.bin']);
  });

  it('stores an empty blob and lists and deletes keys', async () => {
    const store = createEncryptedFileStore({ folder, masterKey });
    await store.put('empty', new Uint8Array(0));
    expect(await readAll(await store.get('empty'))).toHaveLength(0);
    const listed = [];
    for await (const blob of store.list()) listed.push(blob.key);
    expect(listed).toEqual(['empty']);
    await store.delete('empty');
    await store.delete('empty');
    expect(await store.head('empty')).toBeNull();
  });
});
