import { useEffect, useState } from 'react';
import type { FilterResponse } from '@auscura/audio-engine';
import type { PlaybackSettings } from '../../../lib/audio/playback.ts';
import { useEngineBridge } from './use-engine-bridge.ts';

/**
 * The magnitude response of the preset or custom band that plays, computed by the engine's worker
 * from the same coefficients (20 Hz–2 kHz). The previous curve stays until the new one arrives, so
 * dragging a cut-off redraws without flicker.
 */
export function useFilterResponse(settings: Pick<PlaybackSettings, 'preset' | 'custom'>, sampleRate: number) {
  const bridge = useEngineBridge();
  const [state, setState] = useState<{ response: FilterResponse | null; failed: boolean }>({
    response: null,
    failed: false,
  });
  const { preset, custom } = settings;
  useEffect(() => {
    if (!bridge) return;
    const controller = new AbortController();
    const { signal } = controller;
    bridge
      .call('filterResponse', [sampleRate, custom ? { custom } : { preset }], signal)
      .then((response) => {
        if (!signal.aborted) setState({ response, failed: false });
      })
      .catch(() => {
        if (!signal.aborted) setState({ response: null, failed: true });
      });
    return () => controller.abort();
  }, [bridge, preset, custom, sampleRate]);
  return state;
}
