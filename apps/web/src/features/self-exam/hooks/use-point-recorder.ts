import { useState } from 'react';
import { useLiveInput } from '../../../hooks/use-live-input.ts';
import type { MonitorSettings } from '../../../hooks/use-live-input.ts';
import { useRecorder } from '../../../hooks/use-recorder.ts';
import type { RecordOutcome } from '../../../hooks/use-recorder.ts';
import type { Recorded, RecordingSite } from '../../../lib/audio/recorded.ts';

/** The patient hears nothing while recording: no live monitor, the recorder takes the raw input. */
const noMonitor: MonitorSettings = { enabled: false, preset: 'wide', gain: 1 };

/** What the patient is told when a recording ends without one to listen back to. */
const failureTexts: Partial<Record<RecordOutcome['kind'], string>> = {
  empty: 'Nothing was recorded. Check that the stethoscope is plugged in, then try again.',
  'input-lost': 'The stethoscope was disconnected. Plug it in again, then record again.',
  unprepared: 'The recording could not be prepared. Please record again.',
};

/**
 * One point's recording at the patient's home: the shared recorder (at most 60 s, the countdown, the
 * engine's noise-quality flags once it stops) on the chosen input, with the level meter's readings.
 */
export function usePointRecorder(deviceId: string | null, site: RecordingSite) {
  const { input, level, failed } = useLiveInput(deviceId, noMonitor);
  const recorder = useRecorder(input, { inputFailed: failed });
  const [recorded, setRecorded] = useState<Recorded | null>(null);
  const [error, setError] = useState<string | null>(null);

  const start = async () => {
    setError(null);
    const outcome = await recorder.start(site);
    if (outcome.kind === 'recorded') setRecorded(outcome.recorded);
    else setError(failureTexts[outcome.kind] ?? null);
  };

  return {
    ready: input !== null,
    failed,
    level,
    phase: recorder.phase,
    remainingMs: recorder.remainingMs,
    recorded,
    error,
    start: () => void start(),
    stop: recorder.stop,
    redo: () => setRecorded(null),
  };
}
