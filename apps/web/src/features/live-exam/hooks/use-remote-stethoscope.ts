import { useEffect, useRef, useState } from 'react';
import type { MeterMessage } from '@auscura/audio-engine/worklet-messages';
import type { MonitorSettings } from '../../../hooks/use-live-input.ts';
import { LiveInput } from '../../../lib/audio/live-input.ts';

/**
 * The clinician hears the patient's stethoscope track through the engine's worklet chain (the
 * presets, gain up to 20×) with its level meter, the same chain as in person. `track` is the room's
 * remote stethoscope (null while the patient does not send it); `monitor.enabled` plays it.
 */
export function useRemoteStethoscope(track: MediaStreamTrack | null, monitor: MonitorSettings) {
  const [input, setInput] = useState<LiveInput | null>(null);
  const [level, setLevel] = useState<MeterMessage | null>(null);
  const [failed, setFailed] = useState(false);
  const initial = useRef(monitor);
  initial.current = monitor;

  useEffect(() => {
    if (!track) return;
    let cancelled = false;
    let opened: LiveInput | null = null;
    const stream = new MediaStream([track]);
    // Chromium delivers a remote WebRTC track to Web Audio only while a media element plays it
    // (a long-standing Chromium behaviour, seen again with Chromium 156 on these machines); the
    // element stays muted, the sound comes out of the engine's chain.
    const element = new Audio();
    element.muted = true;
    element.srcObject = stream;
    void element.play().catch(() => undefined);
    setFailed(false);
    LiveInput.fromStream(stream, initial.current, { ownsStream: false }).then(
      (created) => {
        if (cancelled) return created.destroy();
        opened = created;
        created.onLevel = setLevel;
        created.setMonitoring(initial.current.enabled);
        setInput(created);
      },
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
      opened?.destroy();
      element.srcObject = null;
      setInput(null);
      setLevel(null);
    };
  }, [track]);

  useEffect(() => {
    input?.configureMonitor(monitor.preset, monitor.gain);
  }, [input, monitor.preset, monitor.gain]);

  useEffect(() => {
    input?.setMonitoring(monitor.enabled);
  }, [input, monitor.enabled]);

  return { hearing: input !== null, level, failed };
}
