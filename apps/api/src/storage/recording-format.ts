import crypto from 'node:crypto';
import type { ByteRange } from './blob-store.js';

/*
 * The encrypted recording format, shared by every store (a file on disk, an S3 object: the same
 * bytes). All integers big-endian:
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
 * Each blob has its own random data key, so chunk nonces can be the chunk counter (the STREAM
 * construction of Hoang, Reyhanitabar, Rogaway and Vizár, "Online authenticated-encryption and
 * its nonce-reuse misuse-resistance", CRYPTO 2015). The additional data of each chunk binds it to
 * its key name, its index and whether it is the last one, so records cannot be swapped between
 * blobs, reordered or truncated away unnoticed. A Range read decrypts only the records it covers.
 */
const MAGIC = Buffer.from('AUSCREC\x01', 'latin1');
export const HEADER_SIZE = 96;
export const CHUNK_SIZE = 64 * 1024;
export const TAG_SIZE = 16;
const WRAP_AAD = Buffer.from('auscura recording data key v1');

export type Header = { chunkSize: number; size: number; dataKey: Buffer };

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

export function decryptChunk(dataKey: Buffer, key: string, index: number, last: boolean, record: Buffer): Buffer {
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

/** Parses and authenticates a header; `blobSize` is the stored (ciphertext) size, checked against it. */
export function parseHeader(masterKey: Buffer, key: string, header: Buffer, blobSize: number): Header {
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
  if (chunkSize < 1 || blobSize !== storedSize(size, chunkSize)) throw new Error('Recording blob is truncated');
  return { chunkSize, size, dataKey };
}

/** Records of a blob of `size` plaintext bytes (an empty blob still has one, empty, record). */
export const recordCount = (size: number, chunkSize: number) => Math.max(1, Math.ceil(size / chunkSize));
/** The stored size of a blob of `size` plaintext bytes. */
const storedSize = (size: number, chunkSize: number) => HEADER_SIZE + size + recordCount(size, chunkSize) * TAG_SIZE;
/** Where record `index` starts in the stored blob. */
export const recordOffset = (index: number, chunkSize: number) => HEADER_SIZE + index * (chunkSize + TAG_SIZE);
/** Plaintext bytes in record `index`. */
export const recordPlainLength = (index: number, header: Pick<Header, 'size' | 'chunkSize'>) =>
  Math.min(header.chunkSize, header.size - index * header.chunkSize);

/**
 * The records a plaintext range needs and the stored bytes they occupy (both ends inclusive), or
 * a RangeError for a range outside the blob. An empty blob reads as no record at all.
 */
export function recordsForRange(
  header: Pick<Header, 'size' | 'chunkSize'>,
  range?: ByteRange,
): { start: number; end: number; first: number; last: number; storedStart: number; storedEnd: number } | null {
  const { size, chunkSize } = header;
  const start = range?.start ?? 0;
  const end = range?.end ?? size - 1;
  if (start < 0 || end >= size || (start > end && size > 0)) throw new RangeError('Range outside the blob');
  if (size === 0) return null;
  const first = Math.floor(start / chunkSize);
  const last = Math.floor(end / chunkSize);
  const storedStart = recordOffset(first, chunkSize);
  const storedEnd = recordOffset(last, chunkSize) + recordPlainLength(last, header) + TAG_SIZE - 1;
  return { start, end, first, last, storedStart, storedEnd };
}

/** The part of record `index`'s plaintext that falls inside [start, end]. */
export function sliceOfRecord(plain: Buffer, index: number, chunkSize: number, start: number, end: number): Buffer {
  const from = Math.max(0, start - index * chunkSize);
  const to = Math.min(plain.length, end - index * chunkSize + 1);
  return plain.subarray(from, to);
}

async function* chunksOf(source: Uint8Array | AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  if (source instanceof Uint8Array) yield source;
  else yield* source;
}

/**
 * Encrypts a plaintext stream into records with a fresh data key, handing each record to
 * `write` in order (it may await, e.g. a file write). The header comes last, once the size is
 * known: the caller puts it in front (a file at offset 0, an object before its records).
 */
export async function encryptRecords(
  masterKey: Buffer,
  key: string,
  source: Uint8Array | AsyncIterable<Uint8Array>,
  write: (record: Buffer) => Promise<void> | void,
): Promise<{ header: Buffer; size: number; sha256: string }> {
  const dataKey = crypto.randomBytes(32);
  const hash = crypto.createHash('sha256');
  let size = 0;
  let index = 0;
  // One full chunk is held back: only the next bytes (or the end) tell whether it is the last.
  let pending: Buffer | null = null;
  let buffer = Buffer.alloc(CHUNK_SIZE);
  let filled = 0;
  const flush = async (last: boolean) => {
    if (!pending) return;
    await write(encryptChunk(dataKey, key, index, last, pending));
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
  return { header: buildHeader(masterKey, key, dataKey, size), size, sha256: hash.digest('hex') };
}

/** Decrypts a whole stored blob in memory (operator tools and tests). */
export function decryptBlobBytes(masterKey: Buffer, key: string, blob: Buffer): Buffer {
  const header = parseHeader(masterKey, key, blob.subarray(0, HEADER_SIZE), blob.length);
  const records = recordCount(header.size, header.chunkSize);
  const parts: Buffer[] = [];
  for (let index = 0; index < records; index++) {
    const offset = recordOffset(index, header.chunkSize);
    const record = blob.subarray(offset, offset + recordPlainLength(index, header) + TAG_SIZE);
    parts.push(decryptChunk(header.dataKey, key, index, index === records - 1, record));
  }
  return Buffer.concat(parts);
}
