import { useCallback, useEffect, useRef, useState } from 'react';

/** exams-and-devices §9: the in-person timer is 60,000 ms and ticks every 100 ms. */
const recordingTimerMs = 60_000;
const timerTickMs = 100;

/**
 * A countdown from 60 s in 100 ms ticks, measured against the clock (a late tick does not slow it
 * down); calls `onElapsed` once when it reaches 0.
 */
export function useCountdown(onElapsed: () => void) {
  const [remainingMs, setRemainingMs] = useState(recordingTimerMs);
  const [running, setRunning] = useState(false);
  const startedAt = useRef(0);
  const elapsed = useRef(onElapsed);
  elapsed.current = onElapsed;

  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => {
      const left = Math.max(0, recordingTimerMs - (performance.now() - startedAt.current));
      // Shown in whole ticks.
      setRemainingMs(Math.ceil(left / timerTickMs) * timerTickMs);
      if (left === 0) {
        setRunning(false);
        elapsed.current();
      }
    }, timerTickMs);
    return () => window.clearInterval(timer);
  }, [running]);

  const start = useCallback(() => {
    startedAt.current = performance.now();
    setRemainingMs(recordingTimerMs);
    setRunning(true);
  }, []);
  const stop = useCallback(() => setRunning(false), []);
  const reset = useCallback(() => {
    setRunning(false);
    setRemainingMs(recordingTimerMs);
  }, []);

  return { remainingMs, running, start, stop, reset };
}
