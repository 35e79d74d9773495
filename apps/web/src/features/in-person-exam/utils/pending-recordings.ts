import type { AuscultationPoint, NoiseQualityRecord } from '@auscura/contracts';

/**
 * A recording waiting for its upload. Kept in IndexedDB from Save until the server has it (or the
 * provider discards it), so a failed upload or a reload does not lose the auscultation.
 */
export type PendingRecording = {
  /** The upload's idempotency key: a retry with the same key never makes a second auscultation. */
  clientRecordingId: string;
  examId: string;
  patientProfileId: string;
  auscultationPoint: AuscultationPoint;
  deviceLabel: string;
  noiseQualityRecord: NoiseQualityRecord;
  /** The WAV file (PCM16, mono, at the recording's sample rate). */
  wav: Blob;
  durationSec: number;
  dateCreated: string;
};

const databaseName = 'auscura-in-person-exam';
const storeName = 'pending-recordings';

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
      store.createIndex('patientProfileId', 'patientProfileId');
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

export async function savePendingRecording(recording: PendingRecording): Promise<void> {
  await request((await store('readwrite')).put(recording));
}

export async function removePendingRecording(clientRecordingId: string): Promise<void> {
  await request((await store('readwrite')).delete(clientRecordingId));
}

/** The patient's recordings not yet on the server, oldest first. */
export async function listPendingRecordings(patientProfileId: string): Promise<PendingRecording[]> {
  const all = await request<PendingRecording[]>(
    (await store('readonly')).index('patientProfileId').getAll(patientProfileId),
  );
  return all.sort((a, b) => a.dateCreated.localeCompare(b.dateCreated));
}
