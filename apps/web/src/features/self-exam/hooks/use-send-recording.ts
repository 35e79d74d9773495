import { useState } from 'react';
import type { SelfExamAuscultationRequest } from '@auscura/contracts';
import { recordingFile } from '../../../lib/audio/recorded.ts';
import type { Recorded } from '../../../lib/audio/recorded.ts';
import { uploadSelfExamAuscultation } from '../../../lib/api/self-exam-requests/upload-self-exam-auscultation.ts';
import { removePendingUpload, savePendingUpload } from '../utils/pending-uploads.ts';
import type { PendingUpload } from '../utils/pending-uploads.ts';

type SendState = { state: 'idle' } | { state: 'sending'; percent: number } | { state: 'failed'; message: string };

/** The server's refusal as the patient reads it; a network failure keeps the recording for a retry. */
function failureMessage(error: unknown): string {
  const api = error as { status?: number; code?: string | null; message?: string };
  if (api.code === 'INVALID_LIVE_EXAM' && api.message) return api.message;
  if (api.status === 401)
    return 'Your session has ended. Reload the page and enter your code again; the recording is kept.';
  if (api.status && api.status >= 400 && api.status < 500 && api.message) return api.message;
  return 'The recording could not be sent. Check your internet connection, then select Try again. The recording is kept on this computer.';
}

export function pendingFrom(
  selfExamRequestId: string,
  ar: SelfExamAuscultationRequest,
  recorded: Recorded,
): PendingUpload {
  const { clientRecordingId, deviceLabel, noiseQualityRecord, ...file } = recordingFile(recorded);
  const label = ar.auscultationPoint;
  return {
    selfExamRequestId,
    auscultationRequestId: ar.id,
    clientRecordingId,
    part: {
      auscultationPoint: { type: label.startsWith('h') ? 'heart' : 'lungs', label },
      clientRecordingId,
      deviceLabel,
      noiseQualityRecord,
    },
    ...file,
  };
}

/**
 * Sends one pending recording: saved in IndexedDB first, removed once the server has it. Every
 * retry sends the same clientRecordingId, so the point is never stored twice.
 */
export function useSendRecording(token: string, onSent: (result: { id: string; finalized: boolean }) => void) {
  const [send, setSend] = useState<SendState>({ state: 'idle' });

  const run = async (upload: PendingUpload, { alreadySaved = false } = {}) => {
    setSend({ state: 'sending', percent: 0 });
    // Kept even if the page is closed mid-upload; a storage failure must not stop the upload.
    if (!alreadySaved) await savePendingUpload(upload).catch(() => undefined);
    let result;
    try {
      result = await uploadSelfExamAuscultation(upload, token, {
        onProgress: (percent) => setSend({ state: 'sending', percent }),
      });
    } catch (error) {
      // A request that is complete or expired will never take it: nothing to keep it for.
      if ((error as { code?: string | null }).code === 'INVALID_LIVE_EXAM') {
        await removePendingUpload(upload.clientRecordingId).catch(() => undefined);
      }
      setSend({ state: 'failed', message: failureMessage(error) });
      return;
    }
    await removePendingUpload(upload.clientRecordingId).catch(() => undefined);
    setSend({ state: 'idle' });
    onSent(result);
  };

  return { send, run };
}
