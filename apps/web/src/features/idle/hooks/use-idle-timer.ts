import { useCallback, useEffect, useRef, useState } from 'react';

const activityChannelName = 'auscura-user-activity';

/** What counts as the user being present. */
const activityEvents = ['mousemove', 'mousedown', 'keydown', 'wheel', 'scroll', 'touchstart', 'pointerdown'] as const;

type IdleTimerOptions = {
  /** Inactivity before the warning opens. */
  idleMs: number;
  /** Time the warning stays open before `onTimeout`. */
  graceMs: number;
  onTimeout: () => void;
  /** clinician-portal §2.3: activity is debounced by 500 ms, so a moving mouse does not reset timers on every event. */
  debounceMs?: number;
};

/**
 * Tracks inactivity with plain timers (so tests drive it with fake timers). Returns whether the
 * warning is showing and `stayActive`, which closes it and starts counting again. Activity while
 * the warning shows does not close it: the user has to choose.
 */
export function useIdleTimer({ idleMs, graceMs, onTimeout, debounceMs = 500 }: IdleTimerOptions) {
  const [warning, setWarning] = useState(false);
  const warningRef = useRef(false);
  const idleTimer = useRef<number | undefined>(undefined);
  const graceTimer = useRef<number | undefined>(undefined);
  const debounceTimer = useRef<number | undefined>(undefined);
  const onTimeoutRef = useRef(onTimeout);

  useEffect(() => {
    onTimeoutRef.current = onTimeout;
  }, [onTimeout]);

  const startIdleCountdown = useCallback(() => {
    window.clearTimeout(idleTimer.current);
    idleTimer.current = window.setTimeout(() => {
      warningRef.current = true;
      setWarning(true);
      graceTimer.current = window.setTimeout(() => onTimeoutRef.current(), graceMs);
    }, idleMs);
  }, [idleMs, graceMs]);

  const stayActive = useCallback(() => {
    window.clearTimeout(graceTimer.current);
    warningRef.current = false;
    setWarning(false);
    startIdleCountdown();
  }, [startIdleCountdown]);

  const stayActiveEverywhere = useCallback(() => {
    stayActive();
    // Other tabs showing the warning close it too: the user has answered.
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(activityChannelName);
    channel?.postMessage('active');
    channel?.close();
  }, [stayActive]);

  useEffect(() => {
    // Sign-out ends the session in every tab, so a user working in another tab is not idle:
    // tabs tell each other about activity (BroadcastChannel is missing in some test environments).
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(activityChannelName);
    const onActivity = () => {
      if (warningRef.current) return;
      window.clearTimeout(debounceTimer.current);
      debounceTimer.current = window.setTimeout(() => {
        startIdleCountdown();
        channel?.postMessage('active');
      }, debounceMs);
    };
    const onOtherTabActive = () => {
      if (warningRef.current) stayActive();
      else startIdleCountdown();
    };
    startIdleCountdown();
    for (const name of activityEvents) window.addEventListener(name, onActivity, { passive: true });
    channel?.addEventListener('message', onOtherTabActive);
    return () => {
      for (const name of activityEvents) window.removeEventListener(name, onActivity);
      channel?.close();
      window.clearTimeout(idleTimer.current);
      window.clearTimeout(graceTimer.current);
      window.clearTimeout(debounceTimer.current);
    };
  }, [startIdleCountdown, stayActive, debounceMs]);

  return { warning, stayActive: stayActiveEverywhere };
}
