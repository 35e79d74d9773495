import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { assertBlobKey, BlobNotFoundError } from './blob-store.js';
import type { BlobStore, ByteRange, ListedBlob, StoredBlob } from './blob-store.js';
import {
  decryptChunk,
  encryptRecords,
  HEADER_SIZE,
  parseHeader,
  recordCount,
  recordOffset,
  recordPlainLength,
  recordsForRange,
  sliceOfRecord,
  TAG_SIZE,
} from './recording-format.js';

// The file holds the shared encrypted format (recording-format.ts) as is: header, then records.
export { decryptBlobBytes, HEADER_SIZE, CHUNK_SIZE, masterKeyId } from './recording-format.js';

/** Makes a file's rename durable: fsync the folder that holds the new name. */
async function syncFolder(folder: string): Promise<void> {
  const handle = await fs.open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
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
      const handle = await fs.open(temporary, 'wx', 0o600);
      let stored: { size: number; sha256: string };
      try {
        let position = HEADER_SIZE;
        const written = await encryptRecords(masterKey, key, source, async (record) => {
          await handle.write(record, 0, record.length, position);
          position += record.length;
        });
        stored = { size: written.size, sha256: written.sha256 };
        await handle.write(written.header, 0, HEADER_SIZE, 0);
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
      return { key, ...stored };
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
      let span: ReturnType<typeof recordsForRange>;
      try {
        span = recordsForRange(header, range);
      } catch (error) {
        await handle.close();
        throw error;
      }
      const { chunkSize, dataKey } = header;
      const records = recordCount(header.size, chunkSize);
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
          if (!span) return;
          for (let index = span.first; index <= span.last; index++) {
            const record = Buffer.alloc(recordPlainLength(index, header) + TAG_SIZE);
            await handle.read(record, 0, record.length, recordOffset(index, chunkSize));
            const plain = decryptChunk(dataKey, key, index, index === records - 1, record);
            yield sliceOfRecord(plain, index, chunkSize, span.start, span.end);
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
