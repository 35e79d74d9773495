import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../test/s3-server.js';
import type { TestS3Server } from '../test/s3-server.js';
import { startS3Proxy } from '../test/s3-proxy.js';
import type { S3Proxy } from '../test/s3-proxy.js';
import { BlobNotFoundError } from './blob-store.js';
import { createEncryptedFileStore } from './encrypted-file-store.js';
import { CHUNK_SIZE, decryptBlobBytes, HEADER_SIZE, recordOffset, TAG_SIZE } from './recording-format.js';
import { createS3Client } from './s3-client.js';
import { createS3Store } from './s3-store.js';
import type { S3StoreSettings } from './s3-store.js';

const fixture = path.resolve(
  import.meta.dirname,
  '../../../../benchmarks/fixtures/audio/heart_normal_circor_50017_MV.wav',
);

async function readAll(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part);
  return Buffer.concat(parts);
}

describe('the S3-compatible recording store (against s3rver)', () => {
  let server: TestS3Server;
  let proxy: S3Proxy;
  let settings: S3StoreSettings;
  /** The same bucket through the recording proxy: the requests a store sends, as S3 sees them. */
  let watched: S3StoreSettings;
  const masterKey = crypto.randomBytes(32);
  let wav: Buffer;
  let counter = 0;
  const freshKey = () => `${crypto.randomUUID()}-${counter++}.wav`;

  beforeAll(async () => {
    server = await startS3Server();
    settings = {
      bucket: server.bucket,
      region: 'us-east-1',
      endpoint: server.endpoint,
      accessKeyId: server.env.RECORDINGS_S3_ACCESS_KEY_ID!,
      secretAccessKey: server.env.RECORDINGS_S3_SECRET_ACCESS_KEY!,
      prefix: 'recordings/',
    };
    proxy = await startS3Proxy(server.endpoint);
    watched = { ...settings, endpoint: proxy.endpoint };
    wav = await fs.readFile(fixture);
  });
  afterAll(async () => {
    await proxy?.close();
    await server?.close();
  });

  const client = () => createS3Client(settings);
  const rawObject = async (name: string) => {
    const object = await client().getObject(name);
    return Buffer.from(await new Response(object!.body).arrayBuffer());
  };

  it('round-trips a recording, storing the very bytes the file store writes (encrypted)', async () => {
    const store = createS3Store({ ...settings, masterKey });
    const key = freshKey();
    const stored = await store.put(key, wav);
    expect(stored).toEqual({ key, size: wav.length, sha256: crypto.createHash('sha256').update(wav).digest('hex') });
    expect((await readAll(await store.get(key))).equals(wav)).toBe(true);
    expect(await store.head(key)).toEqual({ size: wav.length });

    const object = await rawObject(`recordings/${key}`);
    expect(object.subarray(0, 4).toString('latin1')).not.toBe('RIFF');
    expect(object.includes(wav.subarray(44, 1044))).toBe(false);
    expect(object.length).toBe(HEADER_SIZE + wav.length + Math.ceil(wav.length / CHUNK_SIZE) * TAG_SIZE);
    expect(decryptBlobBytes(masterKey, key, object).equals(wav)).toBe(true);
    // The same object copied into the file store's folder reads there too: one format.
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'auscura-s3-copy-'));
    await fs.writeFile(path.join(folder, key), object);
    const fileStore = createEncryptedFileStore({ folder, masterKey });
    expect(
      (await readAll(await fileStore.get(key, { start: 70_000, end: 140_000 }))).equals(wav.subarray(70_000, 140_001)),
    ).toBe(true);
    await fs.rm(folder, { recursive: true, force: true });
  });

  it('streams from an async iterable source and stores an empty blob', async () => {
    const store = createS3Store({ ...settings, masterKey });
    const key = freshKey();
    async function* pieces() {
      for (let offset = 0; offset < wav.length; offset += 10_000) yield wav.subarray(offset, offset + 10_000);
    }
    await store.put(key, pieces());
    expect((await readAll(await store.get(key))).equals(wav)).toBe(true);
    const empty = freshKey();
    expect(await store.put(empty, Buffer.alloc(0))).toMatchObject({ size: 0 });
    expect(await store.head(empty)).toEqual({ size: 0 });
    expect(await readAll(await store.get(empty))).toHaveLength(0);
  });

  it('serves plaintext ranges by fetching only the ciphertext records that cover them', async () => {
    const store = createS3Store({ ...watched, masterKey });
    const key = freshKey();
    await store.put(key, wav);
    expect(wav.length).toBeGreaterThan(3 * CHUNK_SIZE);
    const last = wav.length - 1;
    const ranges: [number, number][] = [
      [0, 0],
      [0, 99],
      [1000, 2000],
      [CHUNK_SIZE - 10, CHUNK_SIZE + 10],
      [CHUNK_SIZE, 2 * CHUNK_SIZE - 1],
      [CHUNK_SIZE - 1, 3 * CHUNK_SIZE + 5],
      [last - 20, last],
      [last, last],
      [0, last],
    ];
    for (const [start, end] of ranges) {
      proxy.seen.length = 0;
      const part = await readAll(await store.get(key, { start, end }));
      expect(part.equals(wav.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
      // Two ranged GETs: the header, then the records from the one holding `start` to the one holding `end`.
      const requested = proxy.seen.map((request) => `${request.method} ${request.range}`);
      const first = Math.floor(start / CHUNK_SIZE);
      const lastRecord = Math.floor(end / CHUNK_SIZE);
      const lastLength = Math.min(CHUNK_SIZE, wav.length - lastRecord * CHUNK_SIZE);
      expect(requested).toEqual([
        `GET bytes=0-${HEADER_SIZE - 1}`,
        `GET bytes=${recordOffset(first, CHUNK_SIZE)}-${recordOffset(lastRecord, CHUNK_SIZE) + lastLength + TAG_SIZE - 1}`,
      ]);
    }
    await expect(store.get(key, { start: 0, end: wav.length })).rejects.toThrow(RangeError);
  });

  it('answers head, get and delete for missing keys as the file store does', async () => {
    const store = createS3Store({ ...settings, masterKey });
    const key = freshKey();
    expect(await store.head(key)).toBeNull();
    await expect(store.get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
    await store.delete(key);
    await store.put(key, wav.subarray(0, 5000));
    expect(await store.head(key)).toEqual({ size: 5000 });
    await store.delete(key);
    expect(await store.head(key)).toBeNull();
    await expect(store.put('../escape', wav)).rejects.toThrow('Invalid blob key');
  });

  it('lists every key under its prefix across several ListObjectsV2 pages, skipping names it does not write', async () => {
    const prefix = `list-${crypto.randomBytes(4).toString('hex')}/`;
    const store = createS3Store({ ...watched, prefix, masterKey, listPageSize: 2 });
    const before = Date.now();
    const keys = Array.from({ length: 5 }, freshKey);
    for (const key of keys) await store.put(key, wav.subarray(0, 100));
    // Someone else's objects: one under the prefix with a name the store never writes, one outside it.
    await client().putObject(`${prefix}notes/readme.txt`, Buffer.from('not a recording'));
    await createS3Store({ ...settings, prefix: 'elsewhere/', masterKey }).put(freshKey(), Buffer.from('x'));
    proxy.seen.length = 0;
    const listed = [];
    for await (const blob of store.list()) listed.push(blob);
    expect(listed.map((blob) => blob.key).sort()).toEqual([...keys].sort());
    for (const blob of listed) {
      expect(blob.modified).toBeInstanceOf(Date);
      // S3 reports LastModified in whole seconds.
      expect(blob.modified.getTime()).toBeGreaterThan(before - 2000);
      expect(blob.modified.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    }
    const pages = proxy.seen.map((request) => request.url.searchParams);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages.every((query) => query.get('list-type') === '2' && query.get('max-keys') === '2')).toBe(true);
    expect(pages.slice(1).every((query) => query.get('continuation-token'))).toBe(true);
  });

  it('never overwrites a stored blob', async () => {
    const store = createS3Store({ ...settings, masterKey });
    const key = freshKey();
    await store.put(key, wav.subarray(0, 1000));
    await expect(store.put(key, wav.subarray(1000, 3000))).rejects.toThrow('already exists');
    expect((await readAll(await store.get(key))).equals(wav.subarray(0, 1000))).toBe(true);
  });

  it('refuses a tampered object: a flipped ciphertext bit, a swapped header, a truncated object', async () => {
    const store = createS3Store({ ...settings, masterKey });
    const key = freshKey();
    await store.put(key, wav);
    const name = `recordings/${key}`;
    const original = await rawObject(name);
    const replace = async (bytes: Buffer) => {
      await client().deleteObject(name);
      await client().putObject(name, bytes);
    };

    const flipped = Buffer.from(original);
    flipped[recordOffset(1, CHUNK_SIZE) + 500]! ^= 1;
    await replace(flipped);
    // Record 0 is intact; record 1 fails its GCM tag.
    expect((await readAll(await store.get(key, { start: 0, end: 100 }))).equals(wav.subarray(0, 101))).toBe(true);
    await expect(readAll(await store.get(key, { start: CHUNK_SIZE, end: CHUNK_SIZE + 10 }))).rejects.toThrow(
      /authenticate/,
    );

    const other = freshKey();
    await store.put(other, wav);
    const otherObject = await rawObject(`recordings/${other}`);
    // Another blob's header (its data key is wrapped for its own key name).
    await replace(Buffer.concat([otherObject.subarray(0, HEADER_SIZE), original.subarray(HEADER_SIZE)]));
    await expect(store.head(key)).rejects.toThrow(/authenticate/);

    await replace(original.subarray(0, original.length - 1));
    await expect(store.head(key)).rejects.toThrow('truncated');

    await replace(original);
    expect((await readAll(await store.get(key))).equals(wav)).toBe(true);
    // A store with another master key refuses clearly.
    await expect(createS3Store({ ...settings, masterKey: crypto.randomBytes(32) }).head(key)).rejects.toThrow(
      'another master key',
    );
  });

  it('retries reads that meet a transient error, but not a PUT', async () => {
    const store = createS3Store({ ...watched, masterKey });
    const key = freshKey();
    await store.put(key, wav.subarray(0, 3000));
    let throttled = 0;
    proxy.failWhile(() => throttled++ === 0, 503, 'SlowDown', 'Please reduce your request rate.');
    proxy.seen.length = 0;
    expect(await store.head(key)).toEqual({ size: 3000 });
    // The header's ranged GET answered 503 once, then again and passed.
    expect(proxy.seen.map((request) => request.method)).toEqual(['GET', 'GET']);

    proxy.failWhile((request) => request.method === 'PUT', 503, 'SlowDown', 'Please reduce your request rate.');
    proxy.seen.length = 0;
    await expect(store.put(freshKey(), wav.subarray(0, 10))).rejects.toThrow(
      /S3 PUT recordings\/.* failed: 503 SlowDown \(Please reduce/,
    );
    expect(proxy.seen.filter((request) => request.method === 'PUT')).toHaveLength(1);
    proxy.failWhile(() => false, 200, '', '');
  });

  it('gives a clear error for credentials the server does not know', async () => {
    // s3rver checks the access key id, not the signature: signing is the AWS SDK's, tested by AWS.
    const store = createS3Store({ ...settings, accessKeyId: 'NOT-A-KEY', masterKey });
    await expect(store.check()).rejects.toThrow(
      /S3 ListObjectsV2 failed: 403 InvalidAccessKeyId .*check RECORDINGS_S3_ACCESS_KEY_ID and RECORDINGS_S3_SECRET_ACCESS_KEY/,
    );
    await expect(store.put(freshKey(), wav)).rejects.toThrow(/403/);
    const missingBucket = createS3Store({ ...settings, bucket: 'no-such-bucket', masterKey });
    await expect(missingBucket.check()).rejects.toThrow(/404 NoSuchBucket .*RECORDINGS_S3_BUCKET/);
  });
});
