import { Readable } from 'node:stream';
import { assertBlobKey, BlobNotFoundError } from './blob-store.js';
import type { BlobStore, ByteRange, ListedBlob, StoredBlob } from './blob-store.js';
import {
  decryptChunk,
  encryptRecords,
  HEADER_SIZE,
  parseHeader,
  recordCount,
  recordPlainLength,
  recordsForRange,
  sliceOfRecord,
  TAG_SIZE,
} from './recording-format.js';
import { createS3Client, S3RequestError } from './s3-client.js';
import type { S3Settings } from './s3-client.js';

export type S3StoreSettings = S3Settings & {
  /** Prepended to every key ('' or ending in '/'); the store lists and sweeps only under it. */
  prefix: string;
  /** Keys per ListObjectsV2 page (S3's maximum and default is 1000; tests use a few). */
  listPageSize?: number;
};

const keyPattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,150}$/;

/**
 * The S3-compatible recording store. Each object holds exactly the bytes the file store writes
 * (recording-format.ts: header, then 64 KiB records), so both read and write the same format and
 * an object can be copied to a file and back.
 *
 * - `put` encrypts in memory (a recording is at most a few tens of MB) and sends one PUT with the
 *   signed SHA-256 of the payload; it resolves only after S3 answered 200, when S3 has stored the
 *   object durably. Never overwriting: a HEAD first refuses an existing key, and the PUT carries
 *   `If-None-Match: *`, which AWS S3 (conditional writes, 2024) and MinIO enforce atomically
 *   (412); servers without conditional writes ignore it (s3rver does), so there only the HEAD
 *   check holds, which is enough for keys that one upload or one job writes.
 * - `get` reads the header with a ranged GET, then one ranged GET of just the records that cover
 *   the plaintext range, decrypting them as they stream in.
 * - `list` pages through ListObjectsV2 under the prefix for the orphan sweep.
 */
export function createS3Store(
  options: S3StoreSettings & { masterKey: Buffer },
): BlobStore & { check(): Promise<void> } {
  const { masterKey, prefix } = options;
  if (masterKey.length !== 32) throw new Error('The master key must be 32 bytes');
  const client = createS3Client(options);
  const objectKey = (key: string) => {
    assertBlobKey(key);
    return `${prefix}${key}`;
  };

  /** The authenticated header and the object's stored size, or null when there is no object. */
  async function openBlob(key: string) {
    const object = await client.getObject(objectKey(key), { start: 0, end: HEADER_SIZE - 1 });
    if (!object) return null;
    const bytes = Buffer.from(await new Response(object.body).arrayBuffer());
    return parseHeader(masterKey, key, bytes, object.size);
  }

  return {
    kind: 's3',

    /** One list call: the bucket exists and answers to these credentials. */
    async check() {
      await client.listObjects({ prefix, maxKeys: 1 });
    },

    async put(key, source): Promise<StoredBlob> {
      const name = objectKey(key);
      if (await client.headObject(name)) throw new Error(`Blob ${key} already exists`);
      const records: Buffer[] = [];
      const written = await encryptRecords(masterKey, key, source, (record) => {
        records.push(record);
      });
      try {
        await client.putObject(name, Buffer.concat([written.header, ...records]), { ifNoneMatch: true });
      } catch (error) {
        if (error instanceof S3RequestError && error.status === 412) throw new Error(`Blob ${key} already exists`);
        throw error;
      }
      return { key, size: written.size, sha256: written.sha256 };
    },

    async head(key) {
      const header = await openBlob(key);
      return header ? { size: header.size } : null;
    },

    async get(key, range?: ByteRange) {
      const header = await openBlob(key);
      if (!header) throw new BlobNotFoundError();
      const span = recordsForRange(header, range);
      if (!span) return Readable.from([], { objectMode: false });
      const object = await client.getObject(objectKey(key), { start: span.storedStart, end: span.storedEnd });
      // Replaced between the two requests (a deleted key, then a new upload): its records no longer fit.
      if (!object) throw new BlobNotFoundError();
      const { chunkSize, dataKey } = header;
      const records = recordCount(header.size, chunkSize);
      const body = object.body;
      async function* plaintext() {
        let index = span!.first;
        let buffered = Buffer.alloc(0);
        const recordLength = () => recordPlainLength(index, header!) + TAG_SIZE;
        try {
          for await (const piece of body) {
            buffered = buffered.length ? Buffer.concat([buffered, piece]) : Buffer.from(piece);
            while (index <= span!.last && buffered.length >= recordLength()) {
              const length = recordLength();
              const plain = decryptChunk(dataKey, key, index, index === records - 1, buffered.subarray(0, length));
              buffered = buffered.subarray(length);
              yield sliceOfRecord(plain, index, chunkSize, span!.start, span!.end);
              index++;
            }
          }
          if (index <= span!.last) throw new Error('Recording blob is truncated');
        } finally {
          // A reader that stops early (a client gone away) must not leave the response open.
          await body.cancel().catch(() => undefined);
        }
      }
      const stream = Readable.from(plaintext(), { objectMode: false });
      // Destroyed before the generator ran (its finally never runs): release the response anyway.
      stream.once('close', () => {
        if (!body.locked) body.cancel().catch(() => undefined);
      });
      return stream;
    },

    async delete(key) {
      await client.deleteObject(objectKey(key));
    },

    async *list(): AsyncIterable<ListedBlob> {
      let continuationToken: string | undefined;
      do {
        const page = await client.listObjects({ prefix, maxKeys: options.listPageSize, continuationToken });
        for (const object of page.objects) {
          const key = object.key.slice(prefix.length);
          // Only names this store writes: other objects under the prefix are never swept away.
          if (object.key.startsWith(prefix) && keyPattern.test(key) && !key.includes('..')) {
            yield { key, modified: object.lastModified };
          }
        }
        continuationToken = page.nextContinuationToken;
      } while (continuationToken);
    },
  };
}
