import { useCallback, useEffect, useRef, useState } from 'react';
import type { LiveInput } from '../lib/audio/live-input.ts';
import { prepareRecorded } from '../lib/audio/recorded.ts';
import type { Recorded, RecordingSite } from '../lib/audio/recorded.ts';
import { useCountdown } from './use-countdown.ts';

type RecorderPhase = 'idle' | 'recording' | 'finishing';

/** How one recording ended. */
export type RecordOutcome =
  | { kind: 'recorded'; recorded: Recorded }
  /** The engine could not run on it: the samples are kept, without noise flags. */
  | { kind: 'unprepared'; recorded: Recorded }
  /** Nothing came from the input. */
  | { kind: 'empty' }
  /** The input ended (unplugged) while recording: the recording is dropped. */
  | { kind: 'input-lost' }
  /** discard() was called while recording. */
  | { kind: 'discarded' }
  /** No input is open, or a recording is already running. */
  | { kind: 'unavailable' };

export type RecorderOptions = {
  /** The input's track ended (useLiveInput's `failed`): a running recording is dropped. */
  inputFailed?: boolean;
  /** Run the 60 s countdown (in person, self exam); the live exam's countdown is the clinician's. */
  timed?: boolean;
  /** The recorder worklet's own cap (LiveInput's default, 60 s, when not given). */
  maxSeconds?: number;
};

/**
 * The one recorder of every flow that records a stethoscope — the in-person wizard, the self exam and
 * the patient's side of the live exam: capture with the engine's recorder worklet (losslessly, on this
 * side), then the engine's noise-quality flags, then a Recorded ready for the flow's pending upload
 * (`recordingFile`). start() resolves with how the recording ended.
 */
export function useRecorder(input: LiveInput | null, options: RecorderOptions = {}) {
  const { inputFailed = false, timed = true, maxSeconds } = options;
  const [phase, setPhase] = useState<RecorderPhase>('idle');
  const active = useRef<{ stop: () => void; discarded: boolean; lost: boolean } | null>(null);
  const countdown = useCountdown(() => active.current?.stop());
  const { start: startCountdown, stop: stopCountdown, reset: resetCountdown } = countdown;

  /** Records at a point of this type (its noise flags are judged as heart or breath sounds). */
  const start = useCallback(
    async (site: RecordingSite = 'heart'): Promise<RecordOutcome> => {
      if (!input || active.current) return { kind: 'unavailable' };
      const recording = input.record(maxSeconds);
      const current = { stop: recording.stop, discarded: false, lost: false };
      active.current = current;
      setPhase('recording');
      if (timed) startCountdown();
      const capture = await recording.done;
      if (active.current === current) active.current = null;
      stopCountdown();
      const outcome: RecordOutcome | null = current.lost
        ? { kind: 'input-lost' }
        : current.discarded
          ? { kind: 'discarded' }
          : capture.samples.length === 0
            ? { kind: 'empty' }
            : null;
      if (outcome) {
        setPhase('idle');
        resetCountdown();
        return outcome;
      }
      setPhase('finishing');
      const { recorded, prepared } = await prepareRecorded(capture, input.deviceLabel, site);
      setPhase('idle');
      resetCountdown();
      return prepared ? { kind: 'recorded', recorded } : { kind: 'unprepared', recorded };
    },
    [input, maxSeconds, timed, startCountdown, stopCountdown, resetCountdown],
  );

  const stop = useCallback(() => active.current?.stop(), []);
  const discard = useCallback(() => {
    const current = active.current;
    if (!current) return;
    current.discarded = true;
    current.stop();
  }, []);

  // The stethoscope was unplugged while recording: that recording is dropped.
  useEffect(() => {
    const current = active.current;
    if (!inputFailed || !current) return;
    current.lost = true;
    current.stop();
  }, [inputFailed]);

  return { phase, recording: phase === 'recording', remainingMs: countdown.remainingMs, start, stop, discard };
}
