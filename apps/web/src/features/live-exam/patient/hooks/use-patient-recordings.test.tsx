import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AuscultationRequest } from '@auscura/contracts';
import type { Capture, LiveInput } from '../../../../lib/audio/live-input.ts';
import { fakeChannel } from '../../../../lib/realtime/test/fake-channel.ts';

// The engine's worker says every second is clean; the upload answers the stored auscultation.
vi.mock('../../../../lib/audio/engine-bridge.ts', () => ({
  acquireEngineBridge: () => ({ bridge: { call: async () => new Uint8Array([0, 1]) }, release: () => undefined }),
}));
const uploads: { point: string; flags: number[]; bytes: number; request: string }[] = [];
vi.mock('../../../../lib/api/auscultations/upload-auscultation.ts', () => ({
  uploadAuscultation: async (
    upload: { auscultationPoint: { label: string }; noiseQualityRecord: { record: number[] }; wav: Blob },
    options: { remote: { auscultationRequestId: string }; onProgress?: (percent: number) => void },
  ) => {
    options.onProgress?.(100);
    uploads.push({
      point: upload.auscultationPoint.label,
      flags: upload.noiseQualityRecord.record,
      bytes: upload.wav.size,
      request: options.remote.auscultationRequestId,
    });
    return { id: '00000000-0000-4000-8000-0000000000a1' };
  },
}));

const { usePatientRecordings } = await import('./use-patient-recordings.ts');

/** A stethoscope input whose recordings end on stop() with `seconds` of signal at 4 kHz. */
function fakeInput(seconds: number) {
  const recordings: { stopped: boolean; maxSeconds?: number }[] = [];
  const input = {
    deviceLabel: 'Test stethoscope',
    record(maxSeconds?: number) {
      const entry = { stopped: false, maxSeconds };
      recordings.push(entry);
      let finish!: (capture: Capture) => void;
      const done = new Promise<Capture>((resolve) => (finish = resolve));
      return {
        done,
        stop: () => {
          entry.stopped = true;
          finish({ samples: new Float32Array(seconds * 4000).fill(0.1), sampleRate: 4000 });
        },
      };
    },
  } as unknown as LiveInput;
  return { input, recordings };
}

const examId = '00000000-0000-4000-8000-0000000000e1';
const request = (fields: Partial<AuscultationRequest> = {}): AuscultationRequest => ({
  auscultationPoint: 'h1',
  status: 'pending',
  recordingStartRequest: new Date().toISOString(),
  recordingStopRequest: null,
  recordingCancelRequest: null,
  error: null,
  uploadProgress: null,
  auscultationId: null,
  examId,
  ...fields,
});

function setup(seconds = 2) {
  const fake = fakeChannel();
  const { input, recordings } = fakeInput(seconds);
  const hook = renderHook(() =>
    usePatientRecordings({ channel: fake.channel, virtualExamId: 'vx1', token: () => 'session', input }),
  );
  const clinician = (id: string, fields: Partial<AuscultationRequest>) =>
    act(async () => {
      const current = fake.state().auscultationRequests[id] ?? request();
      fake.set({ ...fake.state(), auscultationRequests: { [id]: { ...current, ...fields } } });
    });
  return { fake, hook, recordings, clinician };
}

describe('the patient’s side of a remote recording', () => {
  it('records when the clinician asks, stops when the clinician stops, and sends it with its noise flags', async () => {
    uploads.length = 0;
    const { fake, hook, recordings, clinician } = setup();
    await clinician('r1', request());
    expect(hook.result.current.view).toEqual({ kind: 'recording', point: 'h1' });
    // The worklet's own cap is the live exam's 3 minutes, not the in-person 60 s.
    expect(recordings[0]!.maxSeconds).toBe(180);
    await clinician('r1', { recordingStopRequest: new Date().toISOString() });
    await waitFor(() => expect(hook.result.current.view).toEqual({ kind: 'sent', point: 'h1' }));
    expect(uploads).toEqual([{ point: 'h1', flags: [0, 1], bytes: 44 + 2 * 2 * 4000, request: 'r1' }]);
    expect(fake.state().auscultationRequests.r1).toMatchObject({ status: 'processing', uploadProgress: 100 });
  });

  it('drops the recording and sends nothing when the clinician cancels it', async () => {
    uploads.length = 0;
    const { hook, recordings, clinician } = setup();
    await clinician('r1', request());
    await clinician('r1', { status: 'cancelled', recordingCancelRequest: new Date().toISOString() });
    await waitFor(() => expect(hook.result.current.view).toEqual({ kind: 'idle' }));
    expect(recordings[0]!.stopped).toBe(true);
    expect(uploads).toEqual([]);
  });

  it('cancels the request with DeviceDisconnected when the stethoscope goes away mid-recording', async () => {
    uploads.length = 0;
    const { fake, hook, clinician } = setup();
    await clinician('r1', request());
    await act(async () => hook.result.current.stethoscopeLost());
    await waitFor(() => expect(fake.state().auscultationRequests.r1?.status).toBe('cancelled'));
    expect(fake.state().auscultationRequests.r1?.error).toBe('DeviceDisconnected');
    expect(uploads).toEqual([]);
  });

  it('cancels the request with AuscultationRecordingFailed when nothing was recorded', async () => {
    uploads.length = 0;
    const { fake, clinician } = setup(0);
    await clinician('r1', request());
    await clinician('r1', { recordingStopRequest: new Date().toISOString() });
    await waitFor(() => expect(fake.state().auscultationRequests.r1?.error).toBe('AuscultationRecordingFailed'));
    expect(uploads).toEqual([]);
  });
});
