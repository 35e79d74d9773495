/**
 * Recordings waiting for their upload, kept in IndexedDB from the moment they are made until the
 * server has them, so a failed upload, a closed tab or a reload loses nothing. Each keeps its
 * clientRecordingId, so every retry is the same upload and the server never stores it twice. One
 * database per flow (self exam, live exam), indexed by what the flow lists them by.
 */
type PendingRecord = { clientRecordingId: string; dateCreated: string };

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

export function createPendingUploads<T extends PendingRecord>(
  databaseName: string,
  indexKey: keyof T & string,
  storeName = 'pending-uploads',
) {
  let opening: Promise<IDBDatabase> | null = null;

  function open(): Promise<IDBDatabase> {
    opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(databaseName, 1);
      req.onupgradeneeded = () => {
        const store = req.result.createObjectStore(storeName, { keyPath: 'clientRecordingId' });
        store.createIndex(indexKey, indexKey);
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

  return {
    async save(upload: T): Promise<void> {
      await request((await store('readwrite')).put(upload));
    },
    async remove(clientRecordingId: string): Promise<void> {
      await request((await store('readwrite')).delete(clientRecordingId));
    },
    /** The recordings not yet on the server whose `indexKey` is `value`, oldest first. */
    async list(value: string): Promise<T[]> {
      const all = await request<T[]>((await store('readonly')).index(indexKey).getAll(value));
      return all.sort((a, b) => a.dateCreated.localeCompare(b.dateCreated));
    },
  };
}
