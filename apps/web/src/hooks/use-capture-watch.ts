import { useEffect, useRef, useState } from 'react';
import { LiveCaptureWatch } from '@auscura/audio-engine';
import type { LiveCaptureState } from '@auscura/audio-engine';
import type { MeterMessage } from '@auscura/audio-engine/worklet-messages';

/**
 * The live contact and clipping indication from the level meter's readings (about every 100 ms):
 * 'no-sound' once the level has stayed under the silence limit for 1.5 s, 'too-loud' while the last
 * second clips (the engine's LiveCaptureWatch). Back to 'ok' when the input closes.
 */
export function useCaptureWatch(level: MeterMessage | null): LiveCaptureState {
  const watch = useRef<LiveCaptureWatch | null>(null);
  const [state, setState] = useState<LiveCaptureState>('ok');

  useEffect(() => {
    watch.current ??= new LiveCaptureWatch();
    if (!level) {
      watch.current.reset();
      setState('ok');
      return;
    }
    setState(watch.current.push(level));
  }, [level]);

  return state;
}
