import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DownloadProgress } from '../../api-client.ts';

type Pending = {
  path: string;
  onProgress?: (progress: DownloadProgress) => void;
  resolve: (bytes: ArrayBuffer) => void;
  reject: (error: Error) => void;
};
const downloads: Pending[] = [];

vi.mock('../../api-client.ts', () => ({
  apiDownload: (
    endpoint: { path: string },
    _params: Record<string, string>,
    options: { onProgress?: (progress: DownloadProgress) => void },
  ) =>
    new Promise<ArrayBuffer>((resolve, reject) => {
      downloads.push({ path: endpoint.path, onProgress: options.onProgress, resolve, reject });
    }),
}));

const { getRecording, forgetRecording } = await import('./get-recording.ts');

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

describe('recording downloads', () => {
  beforeEach(() => {
    downloads.length = 0;
    for (let n = 0; n < 9; n++) forgetRecording(id(n));
  });

  it('download the Raw file once for the waveform and the player, both hearing the progress', async () => {
    const waveform = getRecording(id(1), 'Raw');
    const heard: DownloadProgress[] = [];
    const player = getRecording(id(1), 'Raw', { onProgress: (progress) => heard.push(progress) });
    expect(downloads).toHaveLength(1);
    downloads[0]!.onProgress?.({ loaded: 2, total: 4 });
    const bytes = new ArrayBuffer(4);
    downloads[0]!.resolve(bytes);
    expect(await waveform).toBe(bytes);
    expect(await player).toBe(bytes);
    expect(heard).toEqual([
      { loaded: 2, total: 4 },
      { loaded: 4, total: 4 },
    ]);
    // Later callers get the kept bytes without a new request.
    expect(await getRecording(id(1), 'Raw')).toBe(bytes);
    expect(downloads).toHaveLength(1);
  });

  it('let one caller stop waiting without cancelling the download for the other', async () => {
    const controller = new AbortController();
    const first = getRecording(id(2), 'Raw', { signal: controller.signal });
    const second = getRecording(id(2), 'Raw');
    controller.abort(new Error('gone'));
    await expect(first).rejects.toThrow('gone');
    downloads[0]!.resolve(new ArrayBuffer(2));
    expect((await second).byteLength).toBe(2);
  });

  it('do not keep a failed download, nor variants other than Raw', async () => {
    const failed = getRecording(id(3), 'Raw');
    downloads[0]!.reject(new Error('network'));
    await expect(failed).rejects.toThrow('network');
    void getRecording(id(3), 'Raw');
    expect(downloads).toHaveLength(2);
    void getRecording(id(3), 'Algo1');
    void getRecording(id(3), 'Algo1');
    expect(downloads).toHaveLength(4);
  });

  it('keep only the last four recordings', async () => {
    for (let n = 4; n <= 8; n++) {
      const pending = getRecording(id(n), 'Raw');
      downloads.at(-1)!.resolve(new ArrayBuffer(n));
      await pending;
    }
    expect(downloads).toHaveLength(5);
    await getRecording(id(8), 'Raw');
    expect(downloads).toHaveLength(5);
    void getRecording(id(4), 'Raw');
    expect(downloads).toHaveLength(6);
  });
});
