import { createPendingUploads } from '../../../lib/pending-uploads.ts';
import type { SelfExamUpload } from '../../../lib/api/self-exam-requests/upload-self-exam-auscultation.ts';

/**
 * A patient's self-exam recording waiting for its upload: kept in IndexedDB from Send until the
 * server has it (lib/pending-uploads.ts).
 */
export type PendingUpload = SelfExamUpload & { clientRecordingId: string; durationSec: number; dateCreated: string };

const pending = createPendingUploads<PendingUpload>('auscura-self-exam', 'selfExamRequestId');

export const savePendingUpload = pending.save;
export const removePendingUpload = pending.remove;
/** The request's recordings not yet on the server, oldest first. */
export const listPendingUploads = pending.list;
