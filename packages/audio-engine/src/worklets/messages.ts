// Option and message shapes shared by the worklet processors and the main-thread code.
import type { BiquadSpec, ChainOptions } from '../engine.js';

export interface EngineProcessorOptions extends ChainOptions {
  /** The bytes of engine.wasm; compiled synchronously in the worklet (NOTES.md). */
  wasmBytes: ArrayBuffer;
  /** Explicit biquad sections instead of the preset's filters (display filters, tests). */
  sections?: BiquadSpec[];
}

/** Messages the playback and live-monitor processors accept on their port. */
export type ChainMessage =
  | { type: 'configure'; options: ChainOptions }
  | { type: 'gain'; gain: number }
  | { type: 'sections'; sections: BiquadSpec[] }
  | { type: 'reset' };
