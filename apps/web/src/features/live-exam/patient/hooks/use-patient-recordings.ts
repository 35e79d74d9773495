import { useCallback, useEffect, useRef, useState } from 'react';
import { remoteRecording, siteOf } from '@auscura/contracts';
import type { CaptureCheck } from '@auscura/audio-engine';
import type { AuscultationRequest, AuscultationRequestError } from '@auscura/contracts';
import { useRecorder } from '../../../../hooks/use-recorder.ts';
import type { LiveInput } from '../../../../lib/audio/live-input.ts';
import type { LiveExamChannel } from '../../../../lib/realtime/live-exam-channel.ts';
import { useLiveExamField } from '../../../../lib/realtime/use-live-exam-field.ts';
import { pendingFromRecorded, pendingRemoteUploads, retryDelayMs, sendRemoteUpload } from '../utils/remote-uploads.ts';
import type { PendingRemoteUpload } from '../utils/remote-uploads.ts';

type PatientRecordingView =
  | { kind: 'idle' }
  | { kind: 'recording'; point: string }
  | { kind: 'sending'; point: string; percent: number; retrying: boolean }
  | { kind: 'sent'; point: string };

type Active = { requestId: string; point: string };

/** Still waiting for this page's recording: asked for, not cancelled, nothing stored for it yet. */
const isOpen = (request: AuscultationRequest | undefined) =>
  !!request &&
  request.status !== 'cancelled' &&
  request.status !== 'complete' &&
  request.recordingCancelRequest === null &&
  request.auscultationId === null;

/**
 * The patient's side of remote recording (issue 17): when the clinician starts a recording, the
 * stethoscope is recorded here, losslessly, by the engine's recorder worklet (the codec only serves
 * live listening); when the clinician stops (or the countdown ends), the recording is kept in
 * IndexedDB and uploaded with the session, its progress written to the request, retried after a
 * network cut until the server has it. A cancelled request discards it.
 */
export function usePatientRecordings(options: {
  channel: LiveExamChannel | null;
  virtualExamId: string;
  token: () => string;
  input: LiveInput | null;
  /** Which shared-state adapter carries the exam (PublicConfig adapters.realtime). */
  realtime?: string;
}) {
  const { channel, virtualExamId } = options;
  // The clinician's countdown (in the shared state) decides when it stops; the worklet's own cap is 3 min.
  const recorder = useRecorder(options.input, { timed: false, maxSeconds: remoteRecording.maxRecordingSeconds });
  const { start: startRecording, stop: stopRecording, discard: discardRecording } = recorder;
  const requests = useLiveExamField(channel, 'auscultationRequests');
  const [view, setView] = useState<PatientRecordingView>({ kind: 'idle' });
  // The last recording's capture check when it flagged it: the patient is told in plain words. The
  // clinician asked for it and hears it live, so it is still sent; the server decides what is stored.
  const [flag, setFlag] = useState<CaptureCheck | null>(null);
  const active = useRef<Active | null>(null);
  const handled = useRef(new Set<string>());
  const sending = useRef(new Map<string, AbortController>());
  const latest = useRef(options);
  latest.current = options;

  const report = useCallback(
    (requestId: string, field: keyof AuscultationRequest, value: unknown) =>
      channel?.write(`auscultationRequests/${requestId}/${field}`, value).catch(() => undefined),
    [channel],
  );
  const fail = useCallback(
    async (requestId: string, error: AuscultationRequestError) => {
      await report(requestId, 'error', error);
      await report(requestId, 'status', 'cancelled');
    },
    [report],
  );
  const requestNow = (requestId: string) => channel?.state?.auscultationRequests[requestId];

  /** Sends until the server has it, the request closes, or the server refuses it for good. */
  const send = useCallback(
    async (pending: PendingRemoteUpload) => {
      const id = pending.auscultationRequestId;
      if (sending.current.has(id)) return;
      const abort = new AbortController();
      sending.current.set(id, abort);
      let lastReported = -1;
      try {
        for (let attempt = 0; ; attempt++) {
          if (!isOpen(requestNow(id)) || abort.signal.aborted) return;
          setView({ kind: 'sending', point: pending.pointLabel, percent: 0, retrying: attempt > 0 });
          try {
            const stored = await sendRemoteUpload(pending, latest.current.token(), {
              signal: abort.signal,
              onProgress: (percent) => {
                setView({ kind: 'sending', point: pending.pointLabel, percent, retrying: false });
                // Written in steps of 5 %, not per progress event.
                if (percent - lastReported >= 5 || percent === 100) {
                  lastReported = percent;
                  void report(id, 'uploadProgress', percent);
                }
              },
            });
            // The API links it to the request itself; with Firebase the state is out of its sight,
            // so the patient's page names it (the database's rules let the patient write that field).
            if (latest.current.realtime === 'firebase') await report(id, 'auscultationId', stored.id);
            setView({ kind: 'sent', point: pending.pointLabel });
            return;
          } catch (error) {
            const status = (error as { status?: number }).status ?? 0;
            // Refused for good (the request closed, the exam ended): nothing to keep it for.
            if (status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429) return;
            await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt)));
          }
        }
      } finally {
        sending.current.delete(id);
        await pendingRemoteUploads.remove(pending.clientRecordingId).catch(() => undefined);
      }
    },
    // requestNow reads the channel's newest state at call time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [report],
  );

  const start = useCallback(
    async (requestId: string, request: AuscultationRequest) => {
      const current: Active = { requestId, point: request.auscultationPoint };
      active.current = current;
      setView({ kind: 'recording', point: request.auscultationPoint });
      setFlag(null);
      const outcome = await startRecording(siteOf(request.auscultationPoint)?.type ?? 'other');
      if (active.current === current) active.current = null;
      if (outcome.kind === 'discarded' || outcome.kind === 'unavailable') return setView({ kind: 'idle' });
      if (outcome.kind === 'empty' || outcome.kind === 'input-lost')
        return void fail(requestId, 'AuscultationRecordingFailed');
      if (!outcome.recorded.check.ok) setFlag(outcome.recorded.check);
      await report(requestId, 'status', 'processing');
      await report(requestId, 'uploadProgress', 0);
      // 'unprepared' keeps the recording too: the noise flags help the clinician, they are no reason to lose it.
      const pending = pendingFromRecorded(outcome.recorded, {
        virtualExamId,
        requestId,
        request: requestNow(requestId) ?? request,
      });
      await pendingRemoteUploads.save(pending).catch(() => undefined);
      await send(pending);
    },
    // requestNow reads the channel's newest state at call time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [virtualExamId, report, fail, send, startRecording],
  );

  // Follow the clinician's requests: start, stop, cancel.
  useEffect(() => {
    if (!requests) return;
    const current = active.current;
    if (current) {
      const request = requests[current.requestId];
      if (!isOpen(request) || request?.status === 'cancelled') {
        discardRecording();
        active.current = null;
        setView({ kind: 'idle' });
      } else if (request?.recordingStopRequest) {
        stopRecording();
      }
    }
    for (const [id, abort] of sending.current) if (!isOpen(requests[id])) abort.abort();
    const input = options.input;
    if (!input || active.current) return;
    for (const [id, request] of Object.entries(requests)) {
      if (handled.current.has(id) || !isOpen(request) || request.status !== 'pending') continue;
      if (!request.recordingStartRequest || request.recordingStopRequest) continue;
      handled.current.add(id);
      void start(id, request);
      break;
    }
  }, [requests, options.input, start, stopRecording, discardRecording]);

  // A recording of this exam that did not reach the server before (a network cut) goes again.
  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current || !requests) return;
    resumed.current = true;
    void pendingRemoteUploads
      .list(virtualExamId)
      .then((found) => found.forEach((pending) => void send(pending)))
      .catch(() => undefined);
  }, [requests, virtualExamId, send]);

  /** The stethoscope went away: a recording in progress is cancelled with the §8 reason. */
  const stethoscopeLost = useCallback(() => {
    const current = active.current;
    if (!current) return;
    discardRecording();
    active.current = null;
    setView({ kind: 'idle' });
    void fail(current.requestId, 'DeviceDisconnected');
  }, [fail, discardRecording]);

  return { view, flag, recording: view.kind === 'recording', stethoscopeLost };
}
