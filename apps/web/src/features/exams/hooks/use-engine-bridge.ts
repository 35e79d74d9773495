import { useEffect, useState } from 'react';
import type { EngineBridge } from '@auscura/audio-engine/bridge';

/**
 * Borrows the page's engine worker for as long as the component wants it (`enabled`), so pictures that
 * are recomputed on every settings change (spectrogram, filter response) do not start a new worker
 * and instantiate the WASM again each time the last other user lets go.
 */
export function useEngineBridge(enabled = true): EngineBridge | null {
  const [bridge, setBridge] = useState<EngineBridge | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let release: (() => void) | null = null;
    let cancelled = false;
    void import('../../../lib/audio/engine-bridge.ts').then(({ acquireEngineBridge }) => {
      if (cancelled) return;
      const borrowed = acquireEngineBridge();
      release = borrowed.release;
      setBridge(borrowed.bridge);
    });
    return () => {
      cancelled = true;
      release?.();
      setBridge(null);
    };
  }, [enabled]);
  return bridge;
}
