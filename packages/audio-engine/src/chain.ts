// The stateful playback chain used by the worklets and by Engine.processPreset.
import type { Engine } from './engine.js';
import { BIQUAD, presetSections, resolvePreset, type BiquadSpec, type ChainOptions } from './filters.js';

/**
 * One playback chain (biquads → compressor → gain) with its state and I/O buffer in WASM memory.
 * Allocates at construction only; process() copies in, runs, copies out.
 */
export class PlaybackChain {
  private cascade: number;
  private comp: number;
  private buf: number;
  private view: Float32Array;
  private gain = 1;
  private maxGain: number;
  private bypassCompressor: boolean;
  private destroyed = false;
  readonly maxBlock: number;

  constructor(
    private readonly engine: Engine,
    readonly sampleRate: number,
    options: ChainOptions = {},
  ) {
    const x = engine.exports;
    this.maxBlock = options.maxBlock ?? 128;
    this.cascade = x.cascadeNew(8);
    this.comp = x.compressorNew(sampleRate);
    this.buf = x.alloc(this.maxBlock * 4);
    this.view = new Float32Array(x.memory.buffer, this.buf, this.maxBlock);
    this.maxGain = options.maxGain ?? 5;
    this.bypassCompressor = options.bypassCompressor ?? false;
    this.configure(options);
  }

  /** Applies a preset or custom band; filter state is kept so switching does not click more than needed. */
  configure(options: ChainOptions): void {
    const x = this.engine.exports;
    const preset = resolvePreset(options);
    x.cascadeClear(this.cascade);
    for (const s of presetSections(preset))
      x.cascadeAdd(this.cascade, BIQUAD[s.type], s.frequency, s.q, this.sampleRate);
    const c = preset.compressor;
    x.compressorSetParams(this.comp, c.threshold, c.knee, c.ratio, c.attack, c.release);
    if (options.gain !== undefined) this.setGain(options.gain);
    if (options.bypassCompressor !== undefined) this.bypassCompressor = options.bypassCompressor;
  }

  setSections(sections: BiquadSpec[]): void {
    const x = this.engine.exports;
    x.cascadeClear(this.cascade);
    for (const s of sections) x.cascadeAdd(this.cascade, BIQUAD[s.type], s.frequency, s.q, this.sampleRate);
  }

  /** Magnitude response in dB of the sections as configured (the coefficients that play) at `frequencies` Hz. */
  response(frequencies: Float64Array): Float32Array {
    const x = this.engine.exports;
    const n = frequencies.length;
    const f = x.alloc(Math.max(8, n * 8));
    const out = x.alloc(Math.max(4, n * 4));
    try {
      new Float64Array(x.memory.buffer, f, n).set(frequencies);
      x.cascadeResponse(this.cascade, f, n, this.sampleRate, out);
      return new Float32Array(x.memory.buffer, out, n).slice();
    } finally {
      x.free(f);
      x.free(out);
    }
  }

  setGain(gain: number): void {
    this.gain = Math.min(this.maxGain, Math.max(0, Number.isFinite(gain) ? gain : 0));
  }

  /** Gain reduction of the compressor in dB (the node's `reduction`). */
  get reduction(): number {
    return this.engine.exports.compressorReduction(this.comp);
  }

  reset(): void {
    this.engine.exports.cascadeReset(this.cascade);
    this.engine.exports.compressorReset(this.comp);
  }

  /** Processes `input` into `output` (may be the same array), in blocks of at most maxBlock. */
  process(input: Float32Array, output: Float32Array = input): void {
    const x = this.engine.exports;
    for (let off = 0; off < input.length; off += this.maxBlock) {
      const n = Math.min(this.maxBlock, input.length - off);
      if (this.view.buffer !== x.memory.buffer) this.view = new Float32Array(x.memory.buffer, this.buf, this.maxBlock);
      const v = this.view;
      // A whole render quantum is copied with TypedArray.set (a memcpy, no allocation); partial
      // blocks (files) fall back to a loop so no subarray view is created.
      const whole = n === v.length && input.length === n && output.length === n;
      if (whole) v.set(input);
      else for (let i = 0; i < n; i++) v[i] = input[off + i]!;
      x.cascadeProcess(this.cascade, this.buf, n);
      if (!this.bypassCompressor) x.compressorProcess(this.comp, this.buf, n);
      if (this.gain !== 1) x.gainApply(this.buf, n, this.gain);
      if (whole) output.set(v);
      else for (let i = 0; i < n; i++) output[off + i] = v[i]!;
    }
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    const x = this.engine.exports;
    x.cascadeFree(this.cascade);
    x.compressorFree(this.comp);
    x.free(this.buf);
  }
}
