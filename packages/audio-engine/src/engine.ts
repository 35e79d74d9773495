// Typed host over the WASM core. Pure module: no DOM, no Node APIs, so the worklets, the worker,
// Node and the tests share it and cannot drift (CONVENTIONS rule 10). Instantiation is synchronous
// from a compiled WebAssembly.Module, which an AudioWorkletGlobalScope allows (the worklet gets the
// bytes in processorOptions and compiles them in its constructor; its output is bit-identical to Node's).
import { BIQUAD, displaySections, type BiquadSpec, type ChainOptions, type DisplayFilter } from './filters.js';
import { PlaybackChain } from './chain.js';
import { NoiseDetector } from './noise-detector.js';
import { wavHeader } from './wav.js';
import {
  defaultFftSize,
  logGrid,
  SPECTROGRAM_LIMITS,
  type FilterResponse,
  type Spectrogram,
  type SpectrogramOptions,
} from './spectrogram.js';

export * from './filters.js';
export { PlaybackChain } from './chain.js';
export { NoiseDetector } from './noise-detector.js';
export * from './spectrogram.js';

/** Raw exports of build/engine.wasm (see assembly/index.ts). Pointers are byte offsets. */
export interface WasmExports {
  memory: WebAssembly.Memory;
  alloc(bytes: number): number;
  free(ptr: number): void;
  cascadeNew(maxSections: number): number;
  cascadeFree(c: number): void;
  cascadeCount(c: number): number;
  cascadeClear(c: number): void;
  cascadeReset(c: number): void;
  cascadeAdd(c: number, type: number, frequency: number, q: number, sampleRate: number): number;
  cascadeProcess(c: number, ptr: number, n: number): void;
  cascadeResponse(c: number, freqs: number, count: number, sampleRate: number, out: number): void;
  cascade4Simd(c: number, ptr: number, n: number): void;
  compressorNew(sampleRate: number): number;
  compressorFree(c: number): void;
  compressorReset(c: number): void;
  compressorSetParams(c: number, threshold: number, knee: number, ratio: number, attack: number, release: number): void;
  compressorReduction(c: number): number;
  compressorLatency(c: number): number;
  compressorProcess(c: number, ptr: number, n: number): void;
  gainApply(ptr: number, n: number, gain: number): void;
  peakDb(ptr: number, n: number): number;
  rmsDb(ptr: number, n: number): number;
  peaks(ptr: number, n: number, buckets: number, out: number): void;
  resample(inPtr: number, n: number, rateIn: number, outPtr: number, rateOut: number): number;
  resampledLength(n: number, rateIn: number, rateOut: number): number;
  noiseDetectorNew(sampleRate: number): number;
  noiseDetectorFree(d: number): void;
  noiseDetectorPush(d: number, ptr: number, n: number): number;
  noiseDetectorBad(d: number): number;
  noiseDetectorScore(d: number): number;
  noiseSlices(ptr: number, n: number, sampleRate: number, out: number): number;
  waveletDenoise(inPtr: number, n: number, sampleRate: number, outPtr: number, thresholdScale: number): void;
  waveletLevels(sampleRate: number): number;
  normalizeTo(inPtr: number, n: number, outPtr: number): void;
  silenceGate(inPtr: number, n: number, sampleRate: number, outPtr: number): void;
  savitzkyGolay(inPtr: number, n: number, sampleRate: number, outPtr: number): void;
  toPcm16(inPtr: number, n: number, outPtr: number): void;
  heartAnalyze(ptr: number, n: number, sampleRate: number, withBands: number): number;
  heartResultFree(p: number): void;
  convLayer(
    x: number,
    inC: number,
    frames: number,
    w: number,
    bias: number,
    outC: number,
    kernel: number,
    dilation: number,
    residual: number,
    y: number,
  ): void;
  spectrumDb(
    input: number,
    size: number,
    work: number,
    rate: number,
    lowHz: number,
    highHz: number,
    out: number,
    bands: number,
  ): void;
  spectrogram(
    input: number,
    n: number,
    rate: number,
    fftSize: number,
    lowHz: number,
    highHz: number,
    rows: number,
    cols: number,
    out: number,
  ): number;
  spectrogramFloorDb(): number;
  [name: string]: unknown;
}

/** Recording variants (DESIGN.md): raw is the input itself. */
export type VariantName = 'algo1' | 'algo2' | 'silence' | 'sg';
export const VARIANT_NAMES: readonly VariantName[] = ['algo1', 'algo2', 'silence', 'sg'];

export interface Levels {
  peakDb: number;
  rmsDb: number;
}

/** The engine: one WASM instance and typed helpers over whole buffers. */
export class Engine {
  readonly exports: WasmExports;

  constructor(module: WebAssembly.Module) {
    const instance = new WebAssembly.Instance(module, {
      env: {
        abort(_msg: number, _file: number, line: number, col: number) {
          throw new Error(`audio-engine WASM abort at ${line}:${col}`);
        },
      },
    });
    this.exports = instance.exports as unknown as WasmExports;
  }

  /** Compiles and instantiates from bytes (async, for main-thread and worker use). */
  static async fromBytes(bytes: BufferSource): Promise<Engine> {
    return new Engine(await WebAssembly.compile(bytes));
  }

  /** Synchronous variant for AudioWorklet constructors. */
  static fromBytesSync(bytes: BufferSource): Engine {
    return new Engine(new WebAssembly.Module(bytes));
  }

  /** Copies `data` into a fresh WASM buffer; returns its pointer. Caller frees. */
  private put(data: Float32Array): number {
    const x = this.exports;
    const p = x.alloc(Math.max(4, data.length * 4));
    new Float32Array(x.memory.buffer, p, data.length).set(data);
    return p;
  }

  take(ptr: number, n: number): Float32Array {
    return new Float32Array(this.exports.memory.buffer, ptr, n).slice();
  }

  /** Runs `fn` with `data` copied into WASM memory, frees afterwards. */
  withBuffer<T>(data: Float32Array, fn: (ptr: number) => T): T {
    const p = this.put(data);
    try {
      return fn(p);
    } finally {
      this.exports.free(p);
    }
  }

  createChain(sampleRate: number, options: ChainOptions = {}): PlaybackChain {
    return new PlaybackChain(this, sampleRate, options);
  }

  /** Filters (and compresses, and amplifies) a whole recording with a preset or custom band. */
  processPreset(samples: Float32Array, sampleRate: number, options: ChainOptions = {}): Float32Array {
    const chain = this.createChain(sampleRate, { ...options, maxBlock: 128 });
    try {
      const out = new Float32Array(samples.length);
      chain.process(samples, out);
      return out;
    } finally {
      chain.destroy();
    }
  }

  /** Runs an arbitrary cascade of biquad sections over a copy of `samples`. */
  filter(samples: Float32Array, sampleRate: number, sections: BiquadSpec[]): Float32Array {
    const x = this.exports;
    const c = x.cascadeNew(Math.max(1, sections.length));
    try {
      for (const s of sections) x.cascadeAdd(c, BIQUAD[s.type], s.frequency, s.q, sampleRate);
      return this.withBuffer(samples, (p) => {
        x.cascadeProcess(c, p, samples.length);
        return this.take(p, samples.length);
      });
    } finally {
      x.cascadeFree(c);
    }
  }

  /** The waveform display filters of §9. */
  displayFilter(samples: Float32Array, sampleRate: number, f: DisplayFilter): Float32Array {
    return this.filter(samples, sampleRate, displaySections(f));
  }

  levels(samples: Float32Array): Levels {
    return this.withBuffer(samples, (p) => ({
      peakDb: this.exports.peakDb(p, samples.length),
      rmsDb: this.exports.rmsDb(p, samples.length),
    }));
  }

  /**
   * Band levels (dB re a full-scale sine) of the last `size` samples (a power of two): `bands`
   * log-spaced bands from lowHz to highHz (assembly/analysis/spectrum.ts). The live spectrum of the
   * stethoscope check runs the same function in its worklet.
   */
  spectrumDb(samples: Float32Array, sampleRate: number, lowHz: number, highHz: number, bands: number): Float32Array {
    const size = samples.length;
    if (size < 2 || (size & (size - 1)) !== 0) throw new Error('spectrumDb needs a power-of-two number of samples');
    const x = this.exports;
    const work = x.alloc(size * 16);
    const out = x.alloc(bands * 4);
    try {
      return this.withBuffer(samples, (p) => {
        x.spectrumDb(p, size, work, sampleRate, lowHz, highHz, out, bands);
        return this.take(out, bands);
      });
    } finally {
      x.free(work);
      x.free(out);
    }
  }

  /**
   * A picture-sized spectrogram of the whole signal (assembly/analysis/spectrogram.ts): `rows`
   * log-spaced frequency rows × `cols` time columns in dB re a full-scale sine. Pass the played
   * output (processPreset) to see what is heard.
   */
  spectrogram(samples: Float32Array, sampleRate: number, options: SpectrogramOptions = {}): Spectrogram {
    const rows = Math.floor(options.rows ?? 128);
    const cols = Math.floor(options.cols ?? 600);
    const fftSize = options.fftSize ?? defaultFftSize(sampleRate);
    const lowHz = options.lowHz ?? 20;
    const highHz = Math.min(options.highHz ?? 2000, sampleRate / 2);
    const L = SPECTROGRAM_LIMITS;
    if (!(rows >= 1 && rows <= L.maxRows && cols >= 1 && cols <= L.maxCols))
      throw new RangeError(`spectrogram: rows must be 1–${L.maxRows} and cols 1–${L.maxCols}`);
    if (!(fftSize >= L.minFft && fftSize <= L.maxFft && (fftSize & (fftSize - 1)) === 0))
      throw new RangeError(`spectrogram: fftSize must be a power of two from ${L.minFft} to ${L.maxFft}`);
    if (!(lowHz > 0 && highHz > lowHz)) throw new RangeError('spectrogram: needs 0 < lowHz < highHz ≤ Nyquist');
    const x = this.exports;
    return this.withBuffer(samples, (p) => {
      const out = x.alloc(rows * cols * 4);
      try {
        if (x.spectrogram(p, samples.length, sampleRate, fftSize, lowHz, highHz, rows, cols, out) !== 0)
          throw new RangeError('spectrogram: arguments refused by the engine');
        return {
          sampleRate,
          durationSec: samples.length / sampleRate,
          lowHz,
          highHz,
          rows,
          cols,
          fftSize,
          floorDb: x.spectrogramFloorDb(),
          db: this.take(out, rows * cols),
        };
      } finally {
        x.free(out);
      }
    });
  }

  /**
   * The magnitude response (dB) of the filter a chain with `options` plays (a preset or a custom
   * band), computed from that chain's own biquad coefficients, at `frequencies` (default: 200
   * points log-spaced over 20 Hz–2 kHz). The compressor and gain are not part of it.
   */
  filterResponse(sampleRate: number, options: ChainOptions, frequencies: Float64Array = logGrid()): FilterResponse {
    const chain = this.createChain(sampleRate, { ...options, maxBlock: 1 });
    try {
      return { frequencies, db: chain.response(frequencies) };
    } finally {
      chain.destroy();
    }
  }

  /** Min/max per bucket, interleaved [min0, max0, min1, max1, …]. */
  peaks(samples: Float32Array, buckets: number): Float32Array {
    const b = Math.max(0, Math.floor(buckets));
    const x = this.exports;
    return this.withBuffer(samples, (p) => {
      const out = x.alloc(Math.max(8, b * 8));
      try {
        x.peaks(p, samples.length, b, out);
        return this.take(out, 2 * b);
      } finally {
        x.free(out);
      }
    });
  }

  /**
   * The four derived recordings: algo1 (db4 wavelet soft-threshold denoising), algo2 (mean removed,
   * peak-normalised), silence (silence-gated, normalised), sg (Savitzky–Golay, normalised).
   * `waveletThresholdScale` 1 is the universal threshold; 0 disables shrinkage (tests).
   */
  variants(samples: Float32Array, sampleRate: number, waveletThresholdScale = 1): Record<VariantName, Float32Array> {
    const x = this.exports;
    const n = samples.length;
    return this.withBuffer(samples, (p) => {
      const out = x.alloc(Math.max(4, n * 4));
      try {
        const run = (fn: () => void) => {
          fn();
          return this.take(out, n);
        };
        return {
          algo1: run(() => x.waveletDenoise(p, n, sampleRate, out, waveletThresholdScale)),
          algo2: run(() => x.normalizeTo(p, n, out)),
          silence: run(() => x.silenceGate(p, n, sampleRate, out)),
          sg: run(() => x.savitzkyGolay(p, n, sampleRate, out)),
        };
      } finally {
        x.free(out);
      }
    });
  }

  /**
   * The four variants as mono PCM 16 WAV files, byte for byte what encodeWav(variant, rate,
   * 'pcm16') gives, encoded in WASM straight from the engine's buffers: the upload pipeline
   * stores these, and skipping four Float32Array copies and a JS encoding loop saves ~40 ms per
   * 60 s recording.
   */
  variantsPcm16(samples: Float32Array, sampleRate: number): Record<VariantName, Uint8Array> {
    const x = this.exports;
    const n = samples.length;
    return this.withBuffer(samples, (p) => {
      const out = x.alloc(Math.max(4, n * 4));
      const pcm = x.alloc(Math.max(4, n * 2));
      try {
        const run = (fn: () => void) => {
          fn();
          x.toPcm16(out, n, pcm);
          const file = new Uint8Array(44 + n * 2);
          file.set(wavHeader(n, 1, sampleRate, 'pcm16'));
          file.set(new Uint8Array(x.memory.buffer, pcm, n * 2), 44);
          return file;
        };
        return {
          algo1: run(() => x.waveletDenoise(p, n, sampleRate, out, 1)),
          algo2: run(() => x.normalizeTo(p, n, out)),
          silence: run(() => x.silenceGate(p, n, sampleRate, out)),
          sg: run(() => x.savitzkyGolay(p, n, sampleRate, out)),
        };
      } finally {
        x.free(pcm);
        x.free(out);
      }
    });
  }

  /** Noise quality: one 0/1 flag per started 1000 ms slice (1 = noisy); see assembly/analysis/noise.ts. */
  noiseQuality(samples: Float32Array, sampleRate: number): Uint8Array {
    const x = this.exports;
    const count = Math.ceil(samples.length / Math.round(sampleRate));
    return this.withBuffer(samples, (p) => {
      const out = x.alloc(Math.max(1, count));
      try {
        const n = x.noiseSlices(p, samples.length, sampleRate, out);
        return new Uint8Array(x.memory.buffer, out, n).slice();
      } finally {
        x.free(out);
      }
    });
  }

  /** Streaming bad-noise detector for live input (20 checks per second). */
  createNoiseDetector(sampleRate: number, maxBlock = 128): NoiseDetector {
    return new NoiseDetector(this, sampleRate, maxBlock);
  }

  resample(samples: Float32Array, rateIn: number, rateOut: number): Float32Array {
    if (rateIn === rateOut) return samples.slice();
    const x = this.exports;
    const n = x.resampledLength(samples.length, rateIn, rateOut);
    return this.withBuffer(samples, (p) => {
      const out = x.alloc(Math.max(4, n * 4));
      try {
        const written = x.resample(p, samples.length, rateIn, out, rateOut);
        return this.take(out, written);
      } finally {
        x.free(out);
      }
    });
  }
}
