import { useCallback, useEffect, useRef, useState } from 'react';
import { useSetAtom } from 'jotai';
import { pickAudioInput } from '../../../lib/audio/stethoscope.ts';
import { stethoscopeAtom } from '../stores/wizard.ts';
import { compatibilityTimings } from '../utils/timings.ts';

type PollingState = { status: 'searching' | 'found' | 'notFound'; tries: number };

/**
 * §9: up to 16 looks, 500 ms apart, for an audio input whose label matches a device unit (the
 * list GET /ems/log serves). Found: the stethoscope is chosen. Not found: the connection error.
 */
export function useStethoscopePolling() {
  const setStethoscope = useSetAtom(stethoscopeAtom);
  const [state, setState] = useState<PollingState>({ status: 'searching', tries: 0 });
  const timer = useRef(0);

  const start = useCallback(() => {
    clearTimeout(timer.current);
    setState({ status: 'searching', tries: 0 });
    setStethoscope((current) => ({ ...current, connectionError: false }));
    const look = async (tries: number) => {
      const inputs = (await navigator.mediaDevices.enumerateDevices())
        .filter((device) => device.kind === 'audioinput' && device.deviceId !== '')
        .map((device) => ({ deviceId: device.deviceId, label: device.label }));
      const pick = pickAudioInput(inputs, null);
      if (pick.detected) {
        const label = inputs.find((input) => input.deviceId === pick.deviceId)?.label ?? null;
        setStethoscope({ connectionError: false, deviceId: pick.deviceId, label });
        setState({ status: 'found', tries });
        return;
      }
      if (tries >= compatibilityTimings.stethoscopePollTries) {
        setStethoscope((current) => ({ ...current, connectionError: true }));
        setState({ status: 'notFound', tries });
        return;
      }
      setState({ status: 'searching', tries });
      timer.current = window.setTimeout(() => void look(tries + 1), compatibilityTimings.stethoscopePollIntervalMs);
    };
    void look(1);
  }, [setStethoscope]);

  useEffect(() => {
    start();
    return () => clearTimeout(timer.current);
  }, [start]);
  return { ...state, retry: start };
}
