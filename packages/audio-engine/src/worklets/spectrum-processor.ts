// 'spectrum-processor': the live spectrum of the stethoscope check. Keeps the last `size` samples
// in a ring in WASM memory (copied in per quantum, no allocation), and every `intervalMs` lays
// them out oldest first and posts the band levels of spectrumDb (assembly/analysis/spectrum.ts).
import { Engine } from '../engine.js';
import type { SpectrumMessage, SpectrumOptions } from './messages.js';

class SpectrumProcessor extends AudioWorkletProcessor {
  private engine: Engine;
  private readonly size: number;
  private readonly bands: number;
  private readonly lowHz: number;
  private readonly highHz: number;
  private readonly interval: number;
  private ring: number;
  private ordered: number;
  private work: number;
  private out: number;
  private at = 0;
  private filled = 0;
  private sinceLast = 0;

  constructor(options: AudioWorkletNodeOptions) {
    super(options);
    const o = options.processorOptions as SpectrumOptions;
    this.engine = Engine.fromBytesSync(o.wasmBytes);
    this.size = o.size ?? 4096;
    this.bands = o.bands ?? 24;
    this.lowHz = o.lowHz ?? 20;
    this.highHz = o.highHz ?? 2000;
    this.interval = Math.max(128, Math.round(((o.intervalMs ?? 100) / 1000) * sampleRate));
    const x = this.engine.exports;
    this.ring = x.alloc(this.size * 4);
    this.ordered = x.alloc(this.size * 4);
    this.work = x.alloc(this.size * 16);
    this.out = x.alloc(this.bands * 4);
  }

  process(inputs: Float32Array[][], outputs: Float32Array[][]): boolean {
    const input = inputs[0]?.[0];
    const out = outputs[0]?.[0];
    if (!input) return true;
    if (out) out.set(input);
    const x = this.engine.exports;
    const ring = new Float32Array(x.memory.buffer, this.ring, this.size);
    for (let i = 0; i < input.length; i++) {
      ring[this.at] = input[i]!;
      this.at = (this.at + 1) % this.size;
    }
    this.filled = Math.min(this.size, this.filled + input.length);
    this.sinceLast += input.length;
    if (this.filled === this.size && this.sinceLast >= this.interval) {
      this.sinceLast = 0;
      const ordered = new Float32Array(x.memory.buffer, this.ordered, this.size);
      ordered.set(ring.subarray(this.at), 0);
      ordered.set(ring.subarray(0, this.at), this.size - this.at);
      x.spectrumDb(this.ordered, this.size, this.work, sampleRate, this.lowHz, this.highHz, this.out, this.bands);
      const message: SpectrumMessage = {
        bandsDb: new Float32Array(x.memory.buffer, this.out, this.bands).slice(),
        lowHz: this.lowHz,
        highHz: this.highHz,
      };
      this.port.postMessage(message);
    }
    return true;
  }
}

registerProcessor('spectrum-processor', SpectrumProcessor);
