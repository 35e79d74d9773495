// 'level-meter-processor': peak and RMS in dBFS for the volume meter (§9 thresholds 0 … -35 dB).
// Accumulates in place and posts at most every `intervalMs` (default 100 ms), never per quantum.
import { CAPTURE_LIMITS } from '../capture.js';
import { Engine } from '../engine.js';
import type { MeterMessage, MeterOptions } from './messages.js';

class LevelMeterProcessor extends AudioWorkletProcessor {
  private engine: Engine;
  private buf: number;
  private view: Float32Array;
  private peak = 0;
  private sum = 0;
  private count = 0;
  private full = 0;
  private readonly interval: number;

  constructor(options: AudioWorkletNodeOptions) {
    super(options);
    const o = options.processorOptions as MeterOptions;
    this.engine = Engine.fromBytesSync(o.wasmBytes);
    this.buf = this.engine.exports.alloc(128 * 4);
    this.view = new Float32Array(this.engine.exports.memory.buffer, this.buf, 128);
    this.interval = Math.max(1, Math.round(((o.intervalMs ?? 100) / 1000) * sampleRate));
  }

  process(inputs: Float32Array[][], outputs: Float32Array[][]): boolean {
    const input = inputs[0]?.[0];
    const out = outputs[0]?.[0];
    if (input) {
      if (out) out.set(input);
      const x = this.engine.exports;
      if (this.view.buffer !== x.memory.buffer) this.view = new Float32Array(x.memory.buffer, this.buf, 128);
      this.view.set(input);
      // peakDb/rmsDb of this quantum, folded back to linear so the window is exact.
      const p = 10 ** (x.peakDb(this.buf, input.length) / 20);
      const r = 10 ** (x.rmsDb(this.buf, input.length) / 20);
      if (p > this.peak) this.peak = p;
      // Full-scale samples, for the live "too loud" indication (CAPTURE_LIMITS.clippedShare).
      if (p >= CAPTURE_LIMITS.fullScale - 1e-6)
        for (let i = 0; i < input.length; i++) if (Math.abs(input[i]!) >= CAPTURE_LIMITS.fullScale) this.full++;
      this.sum += r * r * input.length;
      this.count += input.length;
      if (this.count >= this.interval) {
        const msg: MeterMessage = {
          peakDb: this.peak > 0 ? 20 * Math.log10(this.peak) : -Infinity,
          rmsDb: this.sum > 0 ? 10 * Math.log10(this.sum / this.count) : -Infinity,
          fullScaleShare: this.full / this.count,
          ms: (this.count / sampleRate) * 1000,
        };
        this.port.postMessage(msg);
        this.peak = 0;
        this.sum = 0;
        this.count = 0;
        this.full = 0;
      }
    }
    return true;
  }
}

registerProcessor('level-meter-processor', LevelMeterProcessor);
