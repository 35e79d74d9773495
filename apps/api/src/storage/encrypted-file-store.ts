import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { assertBlobKey, BlobNotFoundError } from './blob-store.js';
import type { BlobStore, ByteRange, ListedBlob, StoredBlob } from './blob-store.js';

/*
 * File format (all integers big-endian):
 *
 *   header (96 bytes)
 *     0  magic 'AUSCREC' + version 0x01
 *     8  chunk size (u32)
 *    12  plaintext size (u64)
 *    20  nonce of the key wrap (12)
 *    32  data key wrapped with the master key, AES-256-GCM (32) + its tag (16)
 *    80  master key id: first 8 bytes of SHA-256(master key), so a wrong key fails clearly
 *    88  reserved (8 zero bytes)
 *   records, one per 64 KiB of plaintext: ciphertext (≤ chunk size) + GCM tag (16)
 *
 * Each file has its own random data key, so chunk nonces can be the chunk counter (the STREAM
 * construction of Hoang, Reyhanitabar, Rogaway and Vizár, "Online authenticated-encryption and
 * its nonce-reuse misuse-resistance", CRYPTO 2015). The additional data of each chunk binds it to
 * its key name, its index and whether it is the last one, so records cannot be swapped between
 * files, reordered or truncated away unnoticed. A Range read decrypts only the records it covers.
 */
const MAGIC = Buffer.from('AUSCREC\x01', 'latin1');
export const HEADER_SIZE = 96;
export const CHUNK_SIZE = 64 * 1024;
const TAG_SIZE = 16;
const WRAP_AAD = Buffer.from('auscura recording data key v1');

type Header = { chunkSize: number; size: number; dataKey: Buffer };

export function masterKeyId(masterKey: Buffer): Buffer {
  return crypto.createHash('sha256').update(masterKey).digest().subarray(0, 8);
}

function chunkNonce(index: number): Buffer {
  const nonce = Buffer.alloc(12);
  nonce.writeUInt32BE(Math.floor(index / 2 ** 32), 4);
  nonce.writeUInt32BE(index >>> 0, 8);
  return nonce;
}

function chunkAad(key: string, index: number, last: boolean): Buffer {
  const tail = Buffer.alloc(9);
  tail.writeUInt32BE(Math.floor(index / 2 ** 32), 0);
  tail.writeUInt32BE(index >>> 0, 4);
  tail[8] = last ? 1 : 0;
  return Buffer.concat([Buffer.from(key, 'utf8'), Buffer.from([0]), tail]);
}

function encryptChunk(dataKey: Buffer, key: string, index: number, last: boolean, plain: Uint8Array): Buffer {
  const cipher = crypto.createCipheriv('aes-256-gcm', dataKey, chunkNonce(index));
  cipher.setAAD(chunkAad(key, index, last));
  return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
}

function decryptChunk(dataKey: Buffer, key: string, index: number, last: boolean, record: Buffer): Buffer {
  const decipher = crypto.createDecipheriv('aes-256-gcm', dataKey, chunkNonce(index));
  decipher.setAAD(chunkAad(key, index, last));
  decipher.setAuthTag(record.subarray(record.length - TAG_SIZE));
  return Buffer.concat([decipher.update(record.subarray(0, record.length - TAG_SIZE)), decipher.final()]);
}

function buildHeader(masterKey: Buffer, key: string, dataKey: Buffer, size: number): Buffer {
  const header = Buffer.alloc(HEADER_SIZE);
  MAGIC.copy(header, 0);
  header.writeUInt32BE(CHUNK_SIZE, 8);
  header.writeBigUInt64BE(BigInt(size), 12);
  const wrapNonce = crypto.randomBytes(12);
  const wrap = crypto.createCipheriv('aes-256-gcm', masterKey, wrapNonce);
  wrap.setAAD(Buffer.concat([WRAP_AAD, Buffer.from(key, 'utf8')]));
  const wrapped = Buffer.concat([wrap.update(dataKey), wrap.final()]);
  wrapNonce.copy(header, 20);
  wrapped.copy(header, 32);
  wrap.getAuthTag().copy(header, 64);
  masterKeyId(masterKey).copy(header, 80);
  return header;
}

function parseHeader(masterKey: Buffer, key: string, header: Buffer, fileSize: number): Header {
  if (header.length < HEADER_SIZE || !header.subarray(0, 8).equals(MAGIC)) throw new Error('Not a recording blob');
  if (!header.subarray(80, 88).equals(masterKeyId(masterKey))) {
    throw new Error('The recording was encrypted with another master key');
  }
  const chunkSize = header.readUInt32BE(8);
  const size = Number(header.readBigUInt64BE(12));
  const unwrap = crypto.createDecipheriv('aes-256-gcm', masterKey, header.subarray(20, 32));
  unwrap.setAAD(Buffer.concat([WRAP_AAD, Buffer.from(key, 'utf8')]));
  unwrap.setAuthTag(header.subarray(64, 80));
  const dataKey = Buffer.concat([unwrap.update(header.subarray(32, 64)), unwrap.final()]);
  const records = Math.max(1, Math.ceil(size / chunkSize));
  if (chunkSize < 1 || fileSize !== HEADER_SIZE + size + records * TAG_SIZE)
    throw new Error('Recording blob is truncated');
  return { chunkSize, size, dataKey };
}

/** Decrypts a whole stored file in memory (operator tools and tests). */
export function decryptBlobBytes(masterKey: Buffer, key: string, file: Buffer): Buffer {
  const header = parseHeader(masterKey, key, file.subarray(0, HEADER_SIZE), file.length);
  const records = Math.max(1, Math.ceil(header.size / header.chunkSize));
  const parts: Buffer[] = [];
  for (let index = 0; index < records; index++) {
    const offset = HEADER_SIZE + index * (header.chunkSize + TAG_SIZE);
    const plainLength = Math.min(header.chunkSize, header.size - index * header.chunkSize);
    const record = file.subarray(offset, offset + plainLength + TAG_SIZE);
    parts.push(decryptChunk(header.dataKey, key, index, index === records - 1, record));
  }
  return Buffer.concat(parts);
}

/** Makes a file's rename durable: fsync the folder that holds the new name. */
async function syncFolder(folder: string): Promise<void> {
  const handle = await fs.open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function* chunksOf(source: Uint8Array | AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  if (source instanceof Uint8Array) yield source;
  else yield* source;
}

/** Temporary files are named `.tmp-<key>-<random>` so the sweep can find stale ones. */
const TMP_PREFIX = '.tmp-';

/**
 * The embedded blob store: one encrypted file per key under `folder`. Writes go to a temporary
 * file that is fsynced, renamed into place, and then the folder is fsynced, so a crash leaves
 * either no blob or a whole one (at most a stale temporary file, which the sweep removes).
 */
export function createEncryptedFileStore(options: { folder: string; masterKey: Buffer }): BlobStore {
  const { folder, masterKey } = options;
  if (masterKey.length !== 32) throw new Error('The master key must be 32 bytes');
  let folderReady: Promise<void> | undefined;
  const ensureFolder = () => (folderReady ??= fs.mkdir(folder, { recursive: true, mode: 0o700 }).then(() => undefined));
  const fileOf = (key: string) => {
    assertBlobKey(key);
    return path.join(folder, key);
  };

  async function openBlob(key: string) {
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(fileOf(key), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BlobNotFoundError();
      throw error;
    }
    try {
      const { size: fileSize } = await handle.stat();
      const headerBytes = Buffer.alloc(HEADER_SIZE);
      await handle.read(headerBytes, 0, HEADER_SIZE, 0);
      return { handle, header: parseHeader(masterKey, key, headerBytes, fileSize) };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  return {
    kind: 'encrypted-file',

    async put(key, source): Promise<StoredBlob> {
      const target = fileOf(key);
      await ensureFolder();
      const temporary = path.join(folder, `${TMP_PREFIX}${key}-${crypto.randomBytes(6).toString('hex')}`);
      const dataKey = crypto.randomBytes(32);
      const hash = crypto.createHash('sha256');
      const handle = await fs.open(temporary, 'wx', 0o600);
      let size = 0;
      try {
        let position = HEADER_SIZE;
        let index = 0;
        // One full chunk is held back: only the next bytes (or the end) tell whether it is the last.
        let pending: Buffer | null = null;
        let buffer = Buffer.alloc(CHUNK_SIZE);
        let filled = 0;
        const flush = async (last: boolean) => {
          if (!pending) return;
          const record = encryptChunk(dataKey, key, index, last, pending);
          await handle.write(record, 0, record.length, position);
          position += record.length;
          index++;
          pending = null;
        };
        for await (const piece of chunksOf(source)) {
          hash.update(piece);
          size += piece.length;
          let offset = 0;
          while (offset < piece.length) {
            const take = Math.min(CHUNK_SIZE - filled, piece.length - offset);
            buffer.set(piece.subarray(offset, offset + take), filled);
            filled += take;
            offset += take;
            if (filled === CHUNK_SIZE) {
              await flush(false);
              pending = buffer;
              buffer = Buffer.alloc(CHUNK_SIZE);
              filled = 0;
            }
          }
        }
        if (filled > 0 || !pending) {
          await flush(false);
          pending = buffer.subarray(0, filled);
        }
        await flush(true);
        const header = buildHeader(masterKey, key, dataKey, size);
        await handle.write(header, 0, HEADER_SIZE, 0);
        await handle.sync();
      } catch (error) {
        await handle.close();
        await fs.rm(temporary, { force: true });
        throw error;
      }
      await handle.close();
      try {
        // link + unlink instead of rename: link fails when the key exists, so nothing is overwritten.
        await fs.link(temporary, target);
      } finally {
        await fs.rm(temporary, { force: true });
      }
      await syncFolder(folder);
      return { key, size, sha256: hash.digest('hex') };
    },

    async head(key) {
      try {
        const { handle, header } = await openBlob(key);
        await handle.close();
        return { size: header.size };
      } catch (error) {
        if (error instanceof BlobNotFoundError) return null;
        throw error;
      }
    },

    async get(key, range?: ByteRange) {
      const { handle, header } = await openBlob(key);
      const { chunkSize, size, dataKey } = header;
      const start = range?.start ?? 0;
      const end = range?.end ?? size - 1;
      if (start < 0 || end >= size || (start > end && size > 0)) {
        await handle.close();
        throw new RangeError('Range outside the blob');
      }
      const records = Math.max(1, Math.ceil(size / chunkSize));
      // The handle is closed once, whichever comes first: the generator finishing, or the stream
      // being destroyed before the generator ever ran (a client that goes away at once), in which
      // case the generator's finally never runs and the descriptor would leak until GC.
      let closed = false;
      const closeHandle = async () => {
        if (closed) return;
        closed = true;
        await handle.close();
      };
      async function* plaintext() {
        try {
          if (size === 0) return;
          for (let index = Math.floor(start / chunkSize); index <= Math.floor(end / chunkSize); index++) {
            const plainLength = Math.min(chunkSize, size - index * chunkSize);
            const record = Buffer.alloc(plainLength + TAG_SIZE);
            await handle.read(record, 0, record.length, HEADER_SIZE + index * (chunkSize + TAG_SIZE));
            const plain = decryptChunk(dataKey, key, index, index === records - 1, record);
            const from = Math.max(0, start - index * chunkSize);
            const to = Math.min(plainLength, end - index * chunkSize + 1);
            yield plain.subarray(from, to);
          }
        } finally {
          await closeHandle();
        }
      }
      const stream = Readable.from(plaintext(), { objectMode: false });
      stream.once('close', () => {
        closeHandle().catch(() => undefined);
      });
      return stream;
    },

    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },

    async *list(): AsyncIterable<ListedBlob> {
      await ensureFolder();
      for (const name of await fs.readdir(folder)) {
        try {
          const stat = await fs.stat(path.join(folder, name));
          if (stat.isFile()) yield { key: name, modified: stat.mtime };
        } catch {
          // deleted meanwhile
        }
      }
    },
  };
}

/** Stale temporary files carry this prefix; the sweep removes them like orphans. */
export const isTemporaryBlobKey = (key: string) => key.startsWith(TMP_PREFIX);
