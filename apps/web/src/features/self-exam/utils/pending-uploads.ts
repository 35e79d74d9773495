import type { SelfExamUpload } from '../../../lib/api/self-exam-requests/upload-self-exam-auscultation.ts';

/**
 * A patient's recording waiting for its upload: kept in IndexedDB from Send until the server has
 * it, so a failed upload, a closed tab or a reload loses nothing. Its clientRecordingId is kept
 * with it, so every retry is the same upload and the server never stores the point twice.
 */
export type PendingUpload = SelfExamUpload & { clientRecordingId: string; durationSec: number; dateCreated: string };

const databaseName = 'auscura-self-exam';
const storeName = 'pending-uploads';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(databaseName, 1);
    req.onupgradeneeded = () => {
      const store = req.result.createObjectStore(storeName, { keyPath: 'clientRecordingId' });
      store.createIndex('selfExamRequestId', 'selfExamRequestId');
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB unavailable'));
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

async function store(mode: IDBTransactionMode): Promise<IDBObjectStore> {
  return (await open()).transaction(storeName, mode).objectStore(storeName);
}

export async function savePendingUpload(upload: PendingUpload): Promise<void> {
  await request((await store('readwrite')).put(upload));
}

export async function removePendingUpload(clientRecordingId: string): Promise<void> {
  await request((await store('readwrite')).delete(clientRecordingId));
}

/** The request's recordings not yet on the server, oldest first. */
export async function listPendingUploads(selfExamRequestId: string): Promise<PendingUpload[]> {
  const all = await request<PendingUpload[]>(
    (await store('readonly')).index('selfExamRequestId').getAll(selfExamRequestId),
  );
  return all.sort((a, b) => a.dateCreated.localeCompare(b.dateCreated));
}
