import { useEffect, useRef, useState } from 'react';
import { spectrogramRange } from '@auscura/audio-engine';
import type { Spectrogram } from '@auscura/audio-engine';
import type { PlaybackSettings } from '../../../lib/audio/playback.ts';
import { getRecording } from '../../../lib/api/auscultations/get-recording.ts';
import type { RecordingVariant } from '../../../lib/api/auscultations/get-recording.ts';
import { useEngineBridge } from './use-engine-bridge.ts';

type SpectrogramState = { data: Spectrogram | null; failed: boolean; sampleRate: number | null };

/** Rows × columns of the picture: enough for a 1440-px card; independent of the width so a resize does not recompute. */
const rows = 160;
const cols = 1200;
/** Moving the volume or a cut-off re-renders in the worker; wait for the hand to pause. */
const settleMs = 120;

/**
 * The spectrogram of what the player plays: the chosen variant (the original when it is missing, as
 * the player falls back), rendered through the preset or custom band and gain in the engine's worker,
 * then reduced there to a rows × cols dB grid on the point's log-frequency axis. Nothing runs while
 * `enabled` is false; the decoded recording is kept for the next settings.
 */
export function useSpectrogram(options: {
  auscultationId: string;
  variant: RecordingVariant;
  settings: PlaybackSettings;
  site: 'heart' | 'lungs' | 'other';
  enabled: boolean;
}): SpectrogramState {
  const { auscultationId, variant, settings, site, enabled } = options;
  const bridge = useEngineBridge(enabled);
  const [state, setState] = useState<SpectrogramState>({ data: null, failed: false, sampleRate: null });
  const decoded = useRef<{ key: string; samples: Float32Array; sampleRate: number } | null>(null);
  const { preset, custom, gain } = settings;
  useEffect(() => {
    if (!bridge) return;
    const controller = new AbortController();
    const { signal } = controller;
    const timer = setTimeout(() => {
      void (async () => {
        const key = `${auscultationId}/${variant}`;
        if (decoded.current?.key !== key) {
          const load = async (which: RecordingVariant) =>
            bridge.call('decode', [await getRecording(auscultationId, which, { signal })], signal);
          const got = await load(variant).catch((error: unknown) => {
            if (variant === 'Raw' || signal.aborted) throw error;
            return load('Raw');
          });
          decoded.current = { key, samples: got.samples, sampleRate: got.sampleRate };
        }
        const { samples, sampleRate } = decoded.current;
        const range = spectrogramRange(site === 'lungs' ? 'lungs' : 'heart', sampleRate);
        const played = custom ? { custom, gain } : { preset, gain };
        const started = performance.now();
        const data = await bridge.call('spectrogram', [samples, sampleRate, { ...range, rows, cols }, played], signal);
        // Named timings for bench:spectrogram (the worker's part, round trip included); not read by the app.
        performance.measure('auscura:spectrogram-compute', { start: started });
        if (!signal.aborted) setState({ data, failed: false, sampleRate });
      })().catch(() => {
        if (!signal.aborted) setState((s) => ({ ...s, failed: true }));
      });
    }, settleMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [bridge, auscultationId, variant, preset, custom, gain, site]);
  return state;
}
