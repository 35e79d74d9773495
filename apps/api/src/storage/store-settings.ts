import type { BlobStore } from './blob-store.js';
import { createEncryptedFileStore } from './encrypted-file-store.js';
import { createS3Store } from './s3-store.js';
import type { S3StoreSettings } from './s3-store.js';

/**
 * Which store holds the recordings and where, as plain data: the main thread derives it from the
 * configuration and hands it to worker threads (workerData), which open the same store from it.
 */
export type StoreSettings = { kind: 'encrypted-file'; folder: string } | ({ kind: 's3' } & S3StoreSettings);

export function openBlobStore(settings: StoreSettings, masterKey: Buffer): BlobStore {
  if (settings.kind === 's3') {
    const { kind: _kind, ...s3 } = settings;
    return createS3Store({ ...s3, masterKey });
  }
  return createEncryptedFileStore({ folder: settings.folder, masterKey });
}
