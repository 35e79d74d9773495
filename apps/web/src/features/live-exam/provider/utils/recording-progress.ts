import { useEffect, useState } from 'react';
import { remoteRecording } from '@auscura/contracts';

const { uploadShare, waitingCeiling, waitingStepMs } = remoteRecording;

/**
 * The clinician's progress bar while a remote recording is processed (exams-and-devices §4): the
 * patient's upload counts for the first 30 %; once the server has stored it, the bar moves on its
 * own (the server reports no processing progress) up to about 80; the real download of the silenced
 * variant fills the rest.
 */
export function processingProgress(input: {
  /** The patient's upload, 0–100 (null before it starts). */
  uploadProgress: number | null;
  /** The server has stored the recording (the request names its auscultation). */
  stored: boolean;
  /** The waiting bar's value (useWaitingProgress). */
  waiting: number;
  /** The download of the silenced variant, 0–1 (null before it starts). */
  download: number | null;
}): number {
  if (input.download !== null) return Math.round(waitingCeiling + (100 - waitingCeiling) * input.download);
  if (input.stored) return Math.max(uploadShare, input.waiting);
  return Math.round(((input.uploadProgress ?? 0) * uploadShare) / 100);
}

/** From 30, one more every 300 ms up to 80, while `active`; back to 30 when it stops. */
export function useWaitingProgress(active: boolean): number {
  const [value, setValue] = useState<number>(uploadShare);
  useEffect(() => {
    setValue(uploadShare);
    if (!active) return;
    const timer = window.setInterval(() => setValue((current) => Math.min(waitingCeiling, current + 1)), waitingStepMs);
    return () => window.clearInterval(timer);
  }, [active]);
  return value;
}
