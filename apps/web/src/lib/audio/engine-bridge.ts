import { createEngineBridge } from '@auscura/audio-engine/bridge';
import type { EngineBridge } from '@auscura/audio-engine/bridge';
import EngineWorker from '@auscura/audio-engine/worker?worker';

// One worker and one bridge for the whole page (CONVENTIONS rule 10): every waveform and player
// borrows it, and the last one to let go terminates the worker.
let shared: EngineBridge | null = null;
let users = 0;

/** Borrows the page's engine bridge; call the returned release function exactly once. */
export function acquireEngineBridge(): { bridge: EngineBridge; release: () => void } {
  shared ??= createEngineBridge(new EngineWorker());
  users += 1;
  const bridge = shared;
  let released = false;
  return {
    bridge,
    release: () => {
      if (released) return;
      released = true;
      users -= 1;
      if (users === 0) {
        shared?.destroy();
        shared = null;
      }
    },
  };
}
