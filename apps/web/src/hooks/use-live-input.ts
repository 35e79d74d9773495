import { useEffect, useRef, useState } from 'react';
import type { PresetName } from '@auscura/audio-engine';
import { LiveInput } from '../lib/audio/live-input.ts';
import type { MeterMessage } from '@auscura/audio-engine/worklet-messages';

export type MonitorSettings = { enabled: boolean; preset: PresetName; gain: number };

/** What to open: `key` names it (another key opens another input), `open` opens it with the monitor's settings. */
type LiveInputSource = { key: unknown; open: (monitor: MonitorSettings) => Promise<LiveInput> };

/**
 * Keeps a LiveInput open for as long as its source is given (level meter, live monitor, recorder)
 * and closes it after; follows the monitor's settings. `failed` is set when the input cannot be
 * opened or its track ends.
 */
export function useLiveInputFrom(source: LiveInputSource | null, monitor: MonitorSettings) {
  const [input, setInput] = useState<LiveInput | null>(null);
  const [level, setLevel] = useState<MeterMessage | null>(null);
  const [failed, setFailed] = useState(false);
  const initialMonitor = useRef(monitor);
  initialMonitor.current = monitor;
  const latest = useRef(source);
  latest.current = source;
  const key = source?.key ?? null;

  useEffect(() => {
    const open = latest.current?.open;
    if (key === null || !open) return;
    let cancelled = false;
    let opened: LiveInput | null = null;
    setFailed(false);
    open(initialMonitor.current).then(
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
  }, [key]);

  useEffect(() => {
    input?.configureMonitor(monitor.preset, monitor.gain);
  }, [input, monitor.preset, monitor.gain]);

  useEffect(() => {
    input?.setMonitoring(monitor.enabled);
  }, [input, monitor.enabled]);

  return { input, level, failed };
}

/** The chosen input device, for as long as the step that records from it shows. */
export function useLiveInput(deviceId: string | null, monitor: MonitorSettings) {
  return useLiveInputFrom(
    deviceId ? { key: deviceId, open: (settings) => LiveInput.create(deviceId, settings) } : null,
    monitor,
  );
}
