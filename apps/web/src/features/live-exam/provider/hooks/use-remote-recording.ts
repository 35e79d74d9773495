import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { auscultationRequestSchema, remoteRecording } from '@auscura/contracts';
import type { AuscultationRequest, AuscultationRequestError } from '@auscura/contracts';
import { useAuscultation } from '../../../../lib/api/auscultations/get-auscultation.ts';
import { deleteAuscultation } from '../../../../lib/api/auscultations/delete-auscultation.ts';
import { getRecording } from '../../../../lib/api/auscultations/get-recording.ts';
import { getExamQueryOptions } from '../../../../lib/api/exams/get-exam.ts';
import type { LiveExamChannel } from '../../../../lib/realtime/live-exam-channel.ts';
import { useLiveExamField } from '../../../../lib/realtime/use-live-exam-field.ts';
import { processingProgress, useWaitingProgress } from '../utils/recording-progress.ts';

export type RemoteRecordingPhase =
  | { kind: 'idle' }
  | { kind: 'recording'; point: string; remainingMs: number; canAdd: boolean }
  | { kind: 'processing'; point: string; progress: number }
  | { kind: 'failed'; point: string; error: AuscultationRequestError };

const newRequestId = () => `r${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const secondMs = 1000;

/**
 * The clinician's remote recording (exams-and-devices §4 "Recording (virtual)"): Record writes an
 * auscultation request with its start; the 60 s countdown ticks every 250 ms ('Add 30 seconds' below
 * 15 s, never above 60 s left) and saves by itself at 0 by writing the stop; the patient's page
 * records, uploads and the server links the stored auscultation. Progress follows §4: the upload is
 * 30 %, then 1 every 300 ms up to 80 while the server processes it, then the real download of the
 * silenced variant. A request cancelled (patient gone, stethoscope unplugged, processing failed)
 * shows its error until dismissed. `onComplete` gets the new auscultation's id.
 */
export function useRemoteRecording(options: {
  channel: LiveExamChannel | null;
  examId: string | null;
  onComplete: (auscultationId: string) => void;
}) {
  const { channel, examId } = options;
  const queryClient = useQueryClient();
  const requests = useLiveExamField(channel, 'auscultationRequests');
  const [requestId, setRequestId] = useState<string | null>(null);
  const [endsAt, setEndsAt] = useState(0);
  const [startedAt, setStartedAt] = useState(0);
  const [now, setNow] = useState(() => performance.now());
  const [download, setDownload] = useState<number | null>(null);
  const complete = useRef(options.onComplete);
  complete.current = options.onComplete;

  // After a reload the request in progress is found again in the shared state.
  useEffect(() => {
    if (requestId || !requests) return;
    const open = Object.entries(requests).find(([, r]) => r.status !== 'complete' && r.recordingStartRequest);
    if (open) {
      setRequestId(open[0]);
      const started = performance.now() - (Date.now() - Date.parse(open[1].recordingStartRequest!));
      setStartedAt(started);
      setEndsAt(started + remoteRecording.timerSeconds * secondMs);
    }
  }, [requestId, requests]);

  const request: AuscultationRequest | null = requestId ? (requests?.[requestId] ?? null) : null;
  const recording = request?.status === 'pending' && request.recordingStopRequest === null;

  const write = useCallback(
    (field: keyof AuscultationRequest | null, value: unknown) => {
      if (!channel || !requestId) return Promise.resolve();
      return channel.write(`auscultationRequests/${requestId}${field ? `/${field}` : ''}`, value);
    },
    [channel, requestId],
  );

  const save = useCallback(() => void write('recordingStopRequest', new Date().toISOString()), [write]);

  // The countdown, against the clock: a late tick does not slow it down.
  useEffect(() => {
    if (!recording) return;
    const timer = window.setInterval(() => setNow(performance.now()), remoteRecording.tickMs);
    return () => window.clearInterval(timer);
  }, [recording]);
  const remainingMs = Math.max(0, endsAt - now);
  useEffect(() => {
    if (recording && remainingMs === 0) save();
  }, [recording, remainingMs, save]);

  const auscultationId = request?.auscultationId ?? null;
  const auscultation = useAuscultation(request?.status === 'processing' ? auscultationId : null);
  const status = auscultation.data?.beatawareStatus ?? null;
  const waiting = useWaitingProgress(auscultationId !== null && download === null);

  // Processed: the real download of the silenced variant fills the bar; then the request is done.
  useEffect(() => {
    if (!auscultationId || !requestId || (status !== 'failed' && status !== 'error' && status !== 'ready')) return;
    let cancelled = false;
    if (status !== 'ready') {
      // A recording that cannot be processed cancels the request, and the partial auscultation goes.
      void deleteAuscultation(auscultationId)
        .catch(() => undefined)
        .then(() => write(null, { ...request, status: 'cancelled', error: 'AuscultationRecordingFailed' }));
      return;
    }
    setDownload(0);
    getRecording(auscultationId, 'Silence', {
      onProgress: ({ loaded, total }) => (!cancelled && total ? setDownload(loaded / total) : undefined),
    })
      .then(async () => {
        if (cancelled) return;
        await write('status', 'complete');
        await write(null, null);
        if (examId) await queryClient.invalidateQueries({ queryKey: getExamQueryOptions(examId).queryKey });
        complete.current(auscultationId);
        setRequestId(null);
        setDownload(null);
      })
      .catch(() => {
        if (!cancelled) void write(null, { ...request, status: 'cancelled', error: 'Other' });
      });
    return () => {
      cancelled = true;
    };
    // Once per processed recording.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [auscultationId, status]);

  const start = useCallback(
    async (point: string) => {
      if (!channel) return;
      const id = newRequestId();
      const at = performance.now();
      setRequestId(id);
      setStartedAt(at);
      setEndsAt(at + remoteRecording.timerSeconds * secondMs);
      setNow(at);
      setDownload(null);
      const value = auscultationRequestSchema.parse({
        auscultationPoint: point,
        status: 'pending',
        recordingStartRequest: new Date().toISOString(),
        examId,
      });
      await channel.write(`auscultationRequests/${id}`, value);
    },
    [channel, examId],
  );

  /** 'Add 30 seconds': shown below 15 s; never more than 60 s left, nor past the recorder's own limit. */
  const addTime = useCallback(() => {
    setEndsAt((ends) => {
      const current = performance.now();
      const extended = Math.min(
        ends + remoteRecording.addSeconds * secondMs,
        current + remoteRecording.timerSeconds * secondMs,
      );
      return Math.min(extended, startedAt + remoteRecording.maxRecordingSeconds * secondMs);
    });
  }, [startedAt]);

  const cancel = useCallback(async () => {
    if (!request) return;
    await write(null, { ...request, status: 'cancelled', recordingCancelRequest: new Date().toISOString() });
    await write(null, null);
    setRequestId(null);
  }, [request, write]);

  const dismiss = useCallback(async () => {
    await write(null, null);
    setRequestId(null);
  }, [write]);

  let phase: RemoteRecordingPhase = { kind: 'idle' };
  if (request && requestId) {
    const point = request.auscultationPoint;
    if (request.status === 'cancelled' && request.error) phase = { kind: 'failed', point, error: request.error };
    else if (recording) {
      const limit = startedAt + remoteRecording.maxRecordingSeconds * secondMs - now;
      const canAdd = remainingMs < remoteRecording.addBelowSeconds * secondMs && limit > remainingMs + secondMs;
      phase = { kind: 'recording', point, remainingMs, canAdd };
    } else if (request.status === 'pending' || request.status === 'processing') {
      phase = {
        kind: 'processing',
        point,
        progress: processingProgress({
          uploadProgress: request.uploadProgress,
          stored: auscultationId !== null,
          waiting,
          download,
        }),
      };
    }
  }

  return { phase, start, save, addTime, cancel, dismiss };
}
