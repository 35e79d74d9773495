import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeChannel } from '../../../../lib/realtime/test/fake-channel.ts';

// What the server says of the stored recording, and the calls the hook makes about it.
const processing = { status: 'processing' as string };
const deleted: string[] = [];
const downloaded: string[] = [];
vi.mock('../../../../lib/api/auscultations/get-auscultation.ts', () => ({
  useAuscultation: (id: string | null) => ({ data: id ? { id, beatawareStatus: processing.status } : undefined }),
}));
vi.mock('../../../../lib/api/auscultations/delete-auscultation.ts', () => ({
  deleteAuscultation: async (id: string) => void deleted.push(id),
}));
vi.mock('../../../../lib/api/auscultations/get-recording.ts', () => ({
  getRecording: async (id: string, _variant: string, options: { onProgress?: (p: object) => void }) => {
    options.onProgress?.({ loaded: 5, total: 10 });
    downloaded.push(id);
    return new ArrayBuffer(10);
  },
}));

const { useRemoteRecording } = await import('./use-remote-recording.ts');

const examId = '00000000-0000-4000-8000-0000000000e1';
const auscultationId = '00000000-0000-4000-8000-0000000000a1';

function setup() {
  const fake = fakeChannel();
  const completed: string[] = [];
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(
    () => useRemoteRecording({ channel: fake.channel, examId, onComplete: (id) => completed.push(id) }),
    { wrapper },
  );
  const request = () => Object.values(fake.state().auscultationRequests)[0];
  /** What the patient's page and the server write, by field. */
  const patch = (fields: object) =>
    act(async () => {
      const [id, current] = Object.entries(fake.state().auscultationRequests)[0]!;
      fake.set({ ...fake.state(), auscultationRequests: { [id]: { ...current, ...fields } } });
    });
  return { hook, request, patch, completed };
}

describe('the clinician’s remote recording', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'performance'] });
    processing.status = 'processing';
    deleted.length = 0;
    downloaded.length = 0;
  });
  afterEach(() => vi.useRealTimers());

  it('counts down from 60 s in 250 ms ticks, adds 30 s only below 15 s and never past 60 s, and saves at 0', async () => {
    const { hook, request } = setup();
    await act(() => hook.result.current.start('h1'));
    expect(request()).toMatchObject({ auscultationPoint: 'h1', status: 'pending', examId, recordingStopRequest: null });
    expect(hook.result.current.phase).toMatchObject({ kind: 'recording', remainingMs: 60_000, canAdd: false });
    await act(async () => vi.advanceTimersByTime(46_000));
    expect(hook.result.current.phase).toMatchObject({ kind: 'recording', remainingMs: 14_000, canAdd: true });
    act(() => hook.result.current.addTime());
    await act(async () => vi.advanceTimersByTime(250));
    expect(hook.result.current.phase).toMatchObject({ remainingMs: 43_750, canAdd: false });
    await act(async () => vi.advanceTimersByTime(43_750));
    // At 0 it saves by itself: the stop goes to the patient's page.
    expect(request()!.recordingStopRequest).not.toBeNull();
  });

  it('shows the upload as 30 %, then the download, and ends with the request cleared and the new recording', async () => {
    const { hook, request, patch, completed } = setup();
    await act(() => hook.result.current.start('l2'));
    act(() => hook.result.current.save());
    await patch({ status: 'processing', uploadProgress: 50 });
    expect(hook.result.current.phase).toEqual({ kind: 'processing', point: 'l2', progress: 15 });
    await patch({ uploadProgress: 100, auscultationId });
    expect(hook.result.current.phase).toMatchObject({ kind: 'processing', progress: 30 });
    // The server has processed it (the auscultation query's next answer).
    processing.status = 'ready';
    hook.rerender();
    await act(async () => vi.advanceTimersByTime(10));
    expect(downloaded).toEqual([auscultationId]);
    expect(completed).toEqual([auscultationId]);
    expect(request()).toBeUndefined();
    expect(hook.result.current.phase).toEqual({ kind: 'idle' });
  });

  it('deletes a recording the server could not process and says so until dismissed', async () => {
    const { hook, request, patch } = setup();
    await act(() => hook.result.current.start('h3'));
    act(() => hook.result.current.save());
    processing.status = 'failed';
    await patch({ status: 'processing', uploadProgress: 100, auscultationId });
    await act(async () => vi.advanceTimersByTime(10));
    expect(deleted).toEqual([auscultationId]);
    expect(request()).toMatchObject({ status: 'cancelled', error: 'AuscultationRecordingFailed' });
    expect(hook.result.current.phase).toEqual({ kind: 'failed', point: 'h3', error: 'AuscultationRecordingFailed' });
    await act(() => hook.result.current.dismiss());
    expect(request()).toBeUndefined();
    expect(hook.result.current.phase).toEqual({ kind: 'idle' });
  });

  it('shows why the patient’s side cancelled, and Cancel withdraws the request', async () => {
    const { hook, request, patch } = setup();
    await act(() => hook.result.current.start('h4'));
    await patch({ status: 'cancelled', error: 'DeviceDisconnected' });
    expect(hook.result.current.phase).toEqual({ kind: 'failed', point: 'h4', error: 'DeviceDisconnected' });
    await act(() => hook.result.current.dismiss());
    await act(() => hook.result.current.start('h5'));
    await act(() => hook.result.current.cancel());
    expect(request()).toBeUndefined();
    expect(hook.result.current.phase).toEqual({ kind: 'idle' });
  });
});
