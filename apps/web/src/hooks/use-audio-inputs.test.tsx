import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { useAudioInputs } from './use-audio-inputs.ts';

type Device = { deviceId: string; kind: MediaDeviceKind; label: string };

/** A stand-in for navigator.mediaDevices: the browser's device layer is the boundary here. */
function fakeMediaDevices(devices: Device[], getUserMedia: () => Promise<MediaStream>) {
  const target = new EventTarget();
  const mediaDevices = Object.assign(target, {
    getUserMedia: vi.fn(getUserMedia),
    enumerateDevices: vi.fn(async () => devices.map((d) => ({ ...d, groupId: '', toJSON: () => d }))),
  });
  vi.stubGlobal('navigator', { mediaDevices });
  return {
    mediaDevices,
    unplug(id: string) {
      devices = devices.filter((d) => d.deviceId !== id);
      target.dispatchEvent(new Event('devicechange'));
    },
    plug(device: Device) {
      devices = [...devices, device];
      target.dispatchEvent(new Event('devicechange'));
    },
  };
}
const stream = () => Promise.resolve({ getTracks: () => [{ stop: vi.fn() }] } as unknown as MediaStream);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('useAudioInputs', () => {
  it('asks for the raw microphone, finds the stethoscope by its label, and follows unplugging', async () => {
    const fake = fakeMediaDevices(
      [
        { deviceId: 'mic', kind: 'audioinput', label: 'Built-in Microphone' },
        { deviceId: 'steth', kind: 'audioinput', label: 'USB MIC (0c76:161f)' },
        { deviceId: 'cam', kind: 'videoinput', label: 'Camera' },
      ],
      stream,
    );
    const { result } = renderHook(() => useAudioInputs());
    await waitFor(() => expect(result.current.check.status).toBe('ready'));
    expect(fake.mediaDevices.getUserMedia).toHaveBeenCalledWith({
      audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false },
    });
    expect(result.current.inputs.map((i) => i.deviceId)).toEqual(['mic', 'steth']);
    expect(result.current).toMatchObject({ deviceId: 'steth', detected: true, disconnected: false });

    act(() => fake.unplug('steth'));
    await waitFor(() => expect(result.current.disconnected).toBe(true));
    expect(result.current.detected).toBe(false);

    act(() => fake.plug({ deviceId: 'steth2', kind: 'audioinput', label: 'PCP-USB stethoscope' }));
    await waitFor(() => expect(result.current).toMatchObject({ deviceId: 'steth2', disconnected: false }));
  });

  it('without a stethoscope, takes the remembered input and remembers a new choice', async () => {
    window.localStorage.setItem('audioInputDeviceId', 'two');
    fakeMediaDevices(
      [
        { deviceId: 'one', kind: 'audioinput', label: 'Fake Default Audio Input' },
        { deviceId: 'two', kind: 'audioinput', label: 'Fake Audio Input 1' },
      ],
      stream,
    );
    const { result } = renderHook(() => useAudioInputs());
    await waitFor(() => expect(result.current.check.status).toBe('ready'));
    expect(result.current).toMatchObject({ deviceId: 'two', detected: false });
    act(() => result.current.choose('one'));
    expect(result.current.deviceId).toBe('one');
    expect(window.localStorage.getItem('audioInputDeviceId')).toBe('one');
  });

  it('reports a refused permission, and checks again on retry', async () => {
    let allow = false;
    fakeMediaDevices([{ deviceId: 'one', kind: 'audioinput', label: 'Mic' }], () =>
      allow ? stream() : Promise.reject(new DOMException('denied', 'NotAllowedError')),
    );
    const { result } = renderHook(() => useAudioInputs());
    await waitFor(() => expect(result.current.check.status).toBe('denied'));
    allow = true;
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.check.status).toBe('ready'));
  });
});
