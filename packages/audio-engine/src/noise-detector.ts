// Streaming bad-noise detector (definition in assembly/analysis/noise.ts).
import type { Engine } from './engine.js';

/** Streaming bad-noise detector: push blocks, read `bad` (true while ≥ half of the last second's checks were bad). */
export class NoiseDetector {
  private d: number;
  private buf: number;
  private view: Float32Array;
  private destroyed = false;

  constructor(
    private readonly engine: Engine,
    readonly sampleRate: number,
    readonly maxBlock = 128,
  ) {
    const x = engine.exports;
    this.d = x.noiseDetectorNew(sampleRate);
    this.buf = x.alloc(maxBlock * 4);
    this.view = new Float32Array(x.memory.buffer, this.buf, maxBlock);
  }

  /** Feeds samples; returns the number of checks that ran. */
  push(samples: Float32Array): number {
    const x = this.engine.exports;
    let ran = 0;
    for (let off = 0; off < samples.length; off += this.maxBlock) {
      const n = Math.min(this.maxBlock, samples.length - off);
      if (this.view.buffer !== x.memory.buffer) this.view = new Float32Array(x.memory.buffer, this.buf, this.maxBlock);
      for (let i = 0; i < n; i++) this.view[i] = samples[off + i]!;
      ran += x.noiseDetectorPush(this.d, this.buf, n);
    }
    return ran;
  }

  get bad(): boolean {
    return this.engine.exports.noiseDetectorBad(this.d) !== 0;
  }

  /** Share of above-floor spectrum above the split in the latest check (0–1). */
  get score(): number {
    return this.engine.exports.noiseDetectorScore(this.d);
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.engine.exports.noiseDetectorFree(this.d);
    this.engine.exports.free(this.buf);
  }
}
