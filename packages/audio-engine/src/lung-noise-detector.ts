// Streaming form of the lung criterion (./lung-noise.ts) for the live exam's bad-noise indicator at
// lung points: the same band (the same WASM biquads, compressor bypassed), the same 50 ms frames and
// thresholds, judged every frame over the last second instead of per fixed slice, against a breath
// level that is the median frame of the last 30 s instead of the whole recording's. Allocates at
// construction only: it runs on the audio thread (CONVENTIONS rule 11).
import { PlaybackChain } from './chain.js';
import type { Engine } from './engine.js';
import {
  LUNG_ABOVE_BREATH_DB,
  LUNG_BURST_DB,
  LUNG_FRAMES_PER_SECOND,
  lungBandSections,
  lungFrameHop,
  powerDb,
} from './lung-noise.js';

/** Frames the breath level is the median of: 30 s. */
const BREATH_FRAMES = 30 * LUNG_FRAMES_PER_SECOND;

/** The median of the first `n` values of `values`, sorted in `scratch` (no allocation). */
function medianOf(values: Float64Array, n: number, scratch: Float64Array): number {
  const view = scratch.subarray(0, n);
  for (let i = 0; i < n; i++) view[i] = values[i]!;
  view.sort();
  return n ? view[n >> 1]! : 0;
}

/** Push blocks of the live signal; `bad` is whether the last second, judged as a lung recording, is noisy. */
export class LungNoiseDetector {
  /** Whether the last second holds a burst (> 16 dB over its median frame) or a frame > 15 dB over the breath level. */
  bad = false;
  private readonly band: PlaybackChain;
  private readonly hop: number;
  private readonly filtered: Float32Array;
  private energy = 0;
  private inFrame = 0;
  private readonly second = new Float64Array(LUNG_FRAMES_PER_SECOND);
  private readonly breath = new Float64Array(BREATH_FRAMES);
  private readonly scratch = new Float64Array(BREATH_FRAMES);
  private frames = 0;
  private destroyed = false;

  constructor(
    engine: Engine,
    readonly sampleRate: number,
    readonly maxBlock = 128,
  ) {
    this.band = new PlaybackChain(engine, sampleRate, { maxBlock, bypassCompressor: true });
    this.band.setSections(lungBandSections(sampleRate));
    this.hop = lungFrameHop(sampleRate);
    this.filtered = new Float32Array(maxBlock);
  }

  /** Feeds samples; returns the number of checks that ran (one per completed 50 ms frame after the first second). */
  push(samples: Float32Array): number {
    let ran = 0;
    for (let off = 0; off < samples.length; off += this.maxBlock) {
      const n = Math.min(this.maxBlock, samples.length - off);
      // A whole quantum (always, on the audio thread) goes through in place; only a shorter tail
      // (a file fed in Node) takes a view of its length, so the filter state sees no padding.
      const block = n === this.filtered.length ? this.filtered : this.filtered.subarray(0, n);
      for (let i = 0; i < n; i++) block[i] = samples[off + i]!;
      this.band.process(block);
      for (let i = 0; i < n; i++) {
        this.energy += block[i]! * block[i]!;
        if (++this.inFrame === this.hop) {
          if (this.frame(this.energy / this.hop)) ran++;
          this.energy = 0;
          this.inFrame = 0;
        }
      }
    }
    return ran;
  }

  private frame(power: number): boolean {
    const k = this.frames++;
    this.second[k % LUNG_FRAMES_PER_SECOND] = power;
    this.breath[k % BREATH_FRAMES] = power;
    const inSecond = Math.min(this.frames, LUNG_FRAMES_PER_SECOND);
    if (inSecond < LUNG_FRAMES_PER_SECOND) return false;
    let peak = 0;
    for (let i = 0; i < inSecond; i++) peak = Math.max(peak, this.second[i]!);
    const own = medianOf(this.second, inSecond, this.scratch);
    // As offline, a breath level needs two seconds; before that only the burst test runs.
    const level =
      this.frames >= 2 * LUNG_FRAMES_PER_SECOND
        ? medianOf(this.breath, Math.min(this.frames, BREATH_FRAMES), this.scratch)
        : 0;
    this.bad = powerDb(peak, own) > LUNG_BURST_DB || (level > 0 && powerDb(peak, level) > LUNG_ABOVE_BREATH_DB);
    return true;
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.band.destroy();
  }
}
