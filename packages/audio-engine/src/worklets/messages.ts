// The options and messages of the worklet processors, declared once: the processors post and
// read them, the main-thread code (the web app's playback and live input) imports them through
// the package's './worklet-messages' export. Types only, so importing them loads no worklet code.
import type { BiquadSpec, ChainOptions } from '../engine.js';

export interface EngineProcessorOptions extends ChainOptions {
  /**
   * The bytes of engine.wasm, compiled synchronously in the worklet: an AudioWorkletGlobalScope
   * has no fetch and no async module loading at construction, but WebAssembly.Module accepts bytes.
   */
  wasmBytes: ArrayBuffer;
  /** Explicit biquad sections instead of the preset's filters (display filters, tests). */
  sections?: BiquadSpec[];
}

/** Messages the playback and live-monitor processors accept on their port. */
export type ChainMessage =
  | { type: 'configure'; options: ChainOptions }
  | { type: 'gain'; gain: number }
  | { type: 'sections'; sections: BiquadSpec[] }
  /** Resets the chain when the message arrives, whatever is playing. */
  | { type: 'reset' }
  /**
   * Arms a reset for the first render quantum whose input carries sound, and answers
   * 'restart-armed' with the same id. A player that starts its source only after that answer has
   * every sample of it processed by a fresh chain, exactly as the engine's offline rendering of
   * the recording from that point. A plain 'reset' cannot promise that: the port's messages reach
   * the audio thread as tasks between render callbacks, one callback renders several quanta (more
   * on a loaded machine), so the sound could start a few quanta before the reset arrived, which
   * then restarted the compressor in the middle of it (its look-ahead cleared: a gap, and an
   * attack shifted by those quanta; the listening test's 5x read 4.83 times 1x once). Quanta of
   * exact silence before the sound keep the old state's tail, as they did before.
   */
  | { type: 'restart'; id: number };

/** What the playback and live-monitor processors answer on their port. */
export type ChainReply = { type: 'restart-armed'; id: number };

/** 'level-meter-processor' options. */
export interface MeterOptions {
  wasmBytes: ArrayBuffer;
  /** How often the level is posted (default 100 ms). */
  intervalMs?: number;
}

/**
 * What 'level-meter-processor' posts, about every `intervalMs`: the window's peak and RMS in dBFS, the
 * share of its samples at full scale (capture.ts's CAPTURE_LIMITS.fullScale) and its length in ms.
 */
export interface MeterMessage {
  peakDb: number;
  rmsDb: number;
  fullScaleShare: number;
  ms: number;
}

/** 'recorder-processor' options. */
export interface RecorderOptions {
  /** How much audio each posted chunk holds (default 1 s). */
  chunkSeconds?: number;
  /** The recording stops by itself after this long (default 60 s). */
  maxSeconds?: number;
}

/** What 'recorder-processor' accepts: stop flushes the partial chunk, then 'done' follows. */
export type RecorderCommand = { type: 'stop' };

/** What 'recorder-processor' posts: chunks of mono samples, then 'done' with the frame count. */
export type RecorderMessage = { type: 'chunk'; samples: Float32Array } | { type: 'done'; frames: number };

/** 'bad-noise-processor' options. */
export interface BadNoiseOptions {
  wasmBytes: ArrayBuffer;
  /** Which criterion judges (default heart: exams-and-devices §5); the lung one for breath sounds (issue 35). */
  site?: 'heart' | 'lungs';
}

/** Sent to 'bad-noise-processor' when the point listened at changes between heart and lungs. */
export interface BadNoiseSiteMessage {
  site: 'heart' | 'lungs';
}

/** What 'bad-noise-processor' posts when its verdict changes (exams-and-devices §5 badNoiseDetected). */
export interface BadNoiseMessage {
  bad: boolean;
}

/** 'spectrum-processor' options. */
export interface SpectrumOptions {
  wasmBytes: ArrayBuffer;
  /** Samples per spectrum, a power of two (default 4096: about 85 ms at 48 kHz, 11.7 Hz bins). */
  size?: number;
  /** Log-spaced bands between lowHz and highHz (defaults 24, 20 Hz, 2000 Hz: heart and lung sounds). */
  bands?: number;
  lowHz?: number;
  highHz?: number;
  /** How often a spectrum is posted (default 100 ms). */
  intervalMs?: number;
}

/** What 'spectrum-processor' posts: each band's level in dB re a full-scale sine. */
export interface SpectrumMessage {
  bandsDb: Float32Array;
  lowHz: number;
  highHz: number;
}
