import { useEffect, useState } from 'react';
import { getRecording } from '../../../lib/api/auscultations/get-recording.ts';

export type WaveformData = {
  /** [min0, max0, min1, max1, …] of the heart-sound band, one pair per bucket. */
  peaks: Float32Array;
  duration: number;
  /** The recording's own rate (the player's filters are designed for it). */
  sampleRate: number;
};

type WaveformState = { data: WaveformData | null; failed: boolean };

/**
 * The waveform of an auscultation's original recording: decoded, passed through the §9
 * heart-sound display filter and reduced to peaks in the engine's worker, off the main thread.
 */
export function useWaveform(auscultationId: string, buckets: number): WaveformState {
  const [state, setState] = useState<WaveformState>({ data: null, failed: false });
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    let release: (() => void) | null = null;
    setState({ data: null, failed: false });
    void (async () => {
      const { acquireEngineBridge } = await import('../../../lib/audio/engine-bridge.ts');
      if (signal.aborted) return;
      const borrowed = acquireEngineBridge();
      release = borrowed.release;
      const { bridge } = borrowed;
      const bytes = await getRecording(auscultationId, 'Raw', { signal });
      const decoded = await bridge.call('decode', [bytes], signal);
      const filtered = await bridge.call(
        'displayFilter',
        [decoded.samples, decoded.sampleRate, { kind: 'heart' }],
        signal,
      );
      const peaks = await bridge.call('peaks', [filtered, buckets], signal);
      if (!signal.aborted)
        setState({
          data: { peaks, duration: decoded.samples.length / decoded.sampleRate, sampleRate: decoded.sampleRate },
          failed: false,
        });
    })().catch(() => {
      if (!signal.aborted) setState({ data: null, failed: true });
    });
    return () => {
      controller.abort();
      release?.();
    };
  }, [auscultationId, buckets]);
  return state;
}
