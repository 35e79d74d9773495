// 'recorder-processor': captures mono input into a preallocated buffer (max 60 s, exams §9) and
// posts it in chunks of `chunkSeconds` (default 1 s), so the main thread is not woken per quantum.
// A message {type:'stop'} flushes the partial chunk and {type:'done'} follows.
import type { RecorderCommand, RecorderMessage, RecorderOptions } from './messages.js';

class RecorderProcessor extends AudioWorkletProcessor {
  private chunk: Float32Array;
  private readonly chunkLength: number;
  private fill = 0;
  private total = 0;
  private readonly max: number;
  private stopped = false;

  constructor(options: AudioWorkletNodeOptions) {
    super(options);
    const o = (options.processorOptions ?? {}) as RecorderOptions;
    this.chunkLength = Math.max(128, Math.round((o.chunkSeconds ?? 1) * sampleRate));
    this.chunk = new Float32Array(this.chunkLength);
    this.max = Math.round((o.maxSeconds ?? 60) * sampleRate);
    this.port.onmessage = (e: MessageEvent<RecorderCommand>) => {
      if (e.data.type === 'stop') this.finish();
    };
  }

  private flush(): void {
    if (this.fill === 0) return;
    // The filled chunk is transferred; a new one is allocated once per chunk, not per quantum.
    const full = this.chunkLength === this.fill ? this.chunk : this.chunk.slice(0, this.fill);
    this.port.postMessage({ type: 'chunk', samples: full } satisfies RecorderMessage, [full.buffer]);
    // The transfer detaches `full` (length 0 afterwards), so the size comes from chunkLength.
    this.chunk = new Float32Array(this.chunkLength);
    this.fill = 0;
  }

  private finish(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.flush();
    this.port.postMessage({ type: 'done', frames: this.total } satisfies RecorderMessage);
  }

  process(inputs: Float32Array[][]): boolean {
    if (this.stopped) return false;
    const input = inputs[0]?.[0];
    if (!input) return true;
    let i = 0;
    while (i < input.length && this.total < this.max) {
      const n = Math.min(input.length - i, this.chunkLength - this.fill, this.max - this.total);
      this.chunk.set(input.subarray(i, i + n), this.fill);
      this.fill += n;
      this.total += n;
      i += n;
      if (this.fill === this.chunkLength) this.flush();
    }
    if (this.total >= this.max) this.finish();
    return !this.stopped;
  }
}

registerProcessor('recorder-processor', RecorderProcessor);
