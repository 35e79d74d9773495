import { useEffect, useRef, useState } from 'react';
import type { PresetName } from '@auscura/audio-engine';
import { LiveInput } from '../lib/audio/live-input.ts';
import type { MeterMessage } from '@auscura/audio-engine/worklet-messages';

export type MonitorSettings = { enabled: boolean; preset: PresetName; gain: number };

/**
 * Opens the chosen input for as long as the Auscultate step shows (level meter, live monitor,
 * recorder) and closes it after. `failed` is set when the input cannot be opened or its track ends.
 */
export function useLiveInput(deviceId: string | null, monitor: MonitorSettings) {
  const [input, setInput] = useState<LiveInput | null>(null);
  const [level, setLevel] = useState<MeterMessage | null>(null);
  const [failed, setFailed] = useState(false);
  const initialMonitor = useRef(monitor);
  initialMonitor.current = monitor;

  useEffect(() => {
    if (!deviceId) return;
    let cancelled = false;
    let opened: LiveInput | null = null;
    setFailed(false);
    LiveInput.create(deviceId, initialMonitor.current).then(
      (created) => {
        if (cancelled) {
          created.destroy();
          return;
        }
        opened = created;
        created.onLevel = setLevel;
        created.onEnded = () => setFailed(true);
        created.setMonitoring(initialMonitor.current.enabled);
        setInput(created);
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      opened?.destroy();
      setInput(null);
      setLevel(null);
    };
  }, [deviceId]);

  useEffect(() => {
    input?.configureMonitor(monitor.preset, monitor.gain);
  }, [input, monitor.preset, monitor.gain]);

  useEffect(() => {
    input?.setMonitoring(monitor.enabled);
  }, [input, monitor.enabled]);

  return { input, level, failed };
}
