import type { Readable } from 'node:stream';

/** A byte range, both ends inclusive (as in an HTTP Range header). */
export type ByteRange = { start: number; end: number };

export type StoredBlob = { key: string; size: number; sha256: string };
export type ListedBlob = { key: string; modified: Date };

/**
 * Where recordings live. The embedded default encrypts files under DATA_DIR/recordings
 * (encrypted-file-store.ts); s3-store.ts keeps the same encrypted bytes in an S3-compatible
 * bucket. Keys are flat names, `put` takes a stream and resolves only once the object is durable (for S3:
 * after the PUT / CompleteMultipartUpload answered), `get` serves a plaintext range (S3: a ranged
 * GET of the ciphertext records that cover it), `list` feeds the orphan sweep.
 */
export interface BlobStore {
  readonly kind: 'encrypted-file' | 's3';
  /** Stores the bytes under `key`; resolves after they are durably written. Never overwrites. */
  put(key: string, source: Uint8Array | AsyncIterable<Uint8Array>): Promise<StoredBlob>;
  /** Plaintext size of a stored blob, or null when there is none. */
  head(key: string): Promise<{ size: number } | null>;
  /** The plaintext bytes (all, or one range), decrypted as they stream. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Removes the blob; a missing blob is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored key with its last change (stale temporary files included, under their own keys). */
  list(): AsyncIterable<ListedBlob>;
  /** Checks that the store answers (S3: the bucket with these credentials); throws a clear error. */
  check?(): Promise<void>;
}

/** Keys are flat names: letters, digits, dot, dash, underscore; never a path. */
// The optional '.tmp-' prefix names the store's own temporary files (which the sweep deletes).
const keyPattern = /^(\.tmp-)?[A-Za-z0-9][A-Za-z0-9._-]{0,150}$/;
export function assertBlobKey(key: string): void {
  if (!keyPattern.test(key) || key.includes('..')) throw new Error('Invalid blob key');
}

export class BlobNotFoundError extends Error {
  constructor() {
    super('Blob not found');
    this.name = 'BlobNotFoundError';
  }
}
