import { useEffect, useRef, useState } from 'react';
import { useCountdown } from '../../../hooks/use-countdown.ts';
import { useLiveInput } from '../../../hooks/use-live-input.ts';
import type { MonitorSettings } from '../../../hooks/use-live-input.ts';
import { toNoiseQualityRecord } from '../../../lib/audio/recorded.ts';
import type { Recorded } from '../../../lib/audio/recorded.ts';

/** The patient hears nothing while recording: no live monitor, the recorder takes the raw input. */
const noMonitor: MonitorSettings = { enabled: false, preset: 'wide', gain: 1 };

export type RecorderPhase = 'idle' | 'recording' | 'finishing';

/**
 * One point's recording with the engine's recorder worklet (at most 60 s, the shared countdown),
 * the level meter's readings, and the engine's noise-quality flags once it stops.
 */
export function usePointRecorder(deviceId: string | null) {
  const { input, level, failed } = useLiveInput(deviceId, noMonitor);
  const [phase, setPhase] = useState<RecorderPhase>('idle');
  const [recorded, setRecorded] = useState<Recorded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const stopRecorder = useRef<(() => void) | null>(null);
  const countdown = useCountdown(() => stopRecorder.current?.());
  const resetCountdown = countdown.reset;

  const start = () => {
    if (!input) return;
    setError(null);
    const recording = input.record();
    stopRecorder.current = recording.stop;
    setPhase('recording');
    countdown.start();
    void recording.done.then(async (capture) => {
      countdown.stop();
      stopRecorder.current = null;
      setPhase('finishing');
      if (capture.samples.length === 0) {
        setPhase('idle');
        countdown.reset();
        setError('Nothing was recorded. Check that the stethoscope is plugged in, then try again.');
        return;
      }
      try {
        const { acquireEngineBridge } = await import('../../../lib/audio/engine-bridge.ts');
        const { bridge, release } = acquireEngineBridge();
        try {
          const flags = await bridge.call('noiseQuality', [capture.samples, capture.sampleRate]);
          setRecorded({
            samples: capture.samples,
            sampleRate: capture.sampleRate,
            deviceLabel: input.deviceLabel,
            noiseQualityRecord: toNoiseQualityRecord(flags),
          });
        } finally {
          release();
        }
      } catch {
        setError('The recording could not be prepared. Please record again.');
      }
      setPhase('idle');
      countdown.reset();
    });
  };

  // The stethoscope was unplugged while recording: that recording is dropped.
  useEffect(() => {
    if (!failed || phase !== 'recording') return;
    stopRecorder.current = null;
    resetCountdown();
    setPhase('idle');
    setError('The stethoscope was disconnected. Plug it in again, then record again.');
  }, [failed, phase, resetCountdown]);

  return {
    ready: input !== null,
    failed,
    level,
    phase,
    remainingMs: countdown.remainingMs,
    recorded,
    error,
    start,
    stop: () => stopRecorder.current?.(),
    redo: () => setRecorded(null),
  };
}
