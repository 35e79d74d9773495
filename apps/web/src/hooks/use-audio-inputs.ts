import { useCallback, useEffect, useRef, useState } from 'react';
import { stethoscopeConstraints } from '../lib/audio/live-input.ts';
import { audioInputStorageKey, pickAudioInput } from '../lib/audio/stethoscope.ts';
import type { AudioInput } from '../lib/audio/stethoscope.ts';

export type DeviceCheck =
  | { status: 'checking' }
  | { status: 'unsupported' }
  | { status: 'denied' }
  | { status: 'failed' }
  | { status: 'ready' };

function readSaved(): string | null {
  try {
    return window.localStorage.getItem(audioInputStorageKey);
  } catch {
    return null;
  }
}

async function listInputs(): Promise<AudioInput[]> {
  const devices = await navigator.mediaDevices.enumerateDevices();
  return devices
    .filter((device) => device.kind === 'audioinput' && device.deviceId !== '')
    .map((device, index) => ({ deviceId: device.deviceId, label: device.label || `Microphone ${index + 1}` }));
}

/**
 * The compatibility check of the In-Person Exam dialog (exams-and-devices §2.9): microphone
 * permission, the audio inputs, and which one is the stethoscope. Follows plugging and unplugging
 * (devicechange); `disconnected` is set when the chosen input disappears.
 */
export function useAudioInputs() {
  const [check, setCheck] = useState<DeviceCheck>({ status: 'checking' });
  const [inputs, setInputs] = useState<AudioInput[]>([]);
  const [deviceId, setDeviceId] = useState<string | null>(null);
  const [detected, setDetected] = useState(false);
  const [disconnected, setDisconnected] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // The chosen input, for the devicechange handler (which outlives renders).
  const selected = useRef<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    async function run() {
      setCheck({ status: 'checking' });
      if (!navigator.mediaDevices?.getUserMedia) {
        setCheck({ status: 'unsupported' });
        return;
      }
      try {
        // Asking once grants the permission and makes the device labels readable.
        const stream = await navigator.mediaDevices.getUserMedia({ audio: stethoscopeConstraints(null) });
        for (const track of stream.getTracks()) track.stop();
        const found = await listInputs();
        if (cancelled) return;
        const picked = pickAudioInput(found, readSaved());
        setInputs(found);
        selected.current = picked.deviceId;
        setDeviceId(picked.deviceId);
        setDetected(picked.detected);
        setCheck(found.length > 0 ? { status: 'ready' } : { status: 'failed' });
      } catch (error) {
        if (cancelled) return;
        const name = error instanceof DOMException ? error.name : '';
        setCheck({ status: name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'failed' });
      }
    }
    void run();
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  useEffect(() => {
    if (check.status !== 'ready') return;
    const onChange = () => {
      void listInputs().then((found) => {
        setInputs(found);
        const current = selected.current;
        if (current && found.some((input) => input.deviceId === current)) {
          setDisconnected(false);
          return;
        }
        if (current) setDisconnected(true);
        const picked = pickAudioInput(found, readSaved());
        setDetected(picked.detected);
        // A stethoscope plugged in (again) is taken at once; otherwise the provider chooses.
        if (picked.detected) {
          selected.current = picked.deviceId;
          setDeviceId(picked.deviceId);
          setDisconnected(false);
        }
      });
    };
    navigator.mediaDevices.addEventListener('devicechange', onChange);
    return () => navigator.mediaDevices.removeEventListener('devicechange', onChange);
  }, [check.status]);

  const choose = useCallback((id: string) => {
    selected.current = id;
    setDeviceId(id);
    setDisconnected(false);
    try {
      window.localStorage.setItem(audioInputStorageKey, id);
    } catch {
      // Private mode or a full storage: the choice lasts for this dialog only.
    }
  }, []);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return { check, inputs, deviceId, detected, disconnected, choose, retry };
}
