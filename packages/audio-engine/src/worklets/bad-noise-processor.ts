// 'bad-noise-processor': the streaming bad-noise check of exams-and-devices §5/§9 (20 checks a
// second, the band split at 32 %, noise floor 1; the definition is in assembly/analysis/noise.ts)
// on the patient's stethoscope, in the engine's WASM. It posts only when the verdict changes, never
// per quantum; the patient's page sends that to the clinician as a `badNoiseDetected` message.
import { Engine } from '../engine.js';
import { NoiseDetector } from '../noise-detector.js';
import type { BadNoiseMessage, BadNoiseOptions } from './messages.js';

class BadNoiseProcessor extends AudioWorkletProcessor {
  private readonly detector: NoiseDetector;
  private bad = false;

  constructor(options: AudioWorkletNodeOptions) {
    super(options);
    const o = options.processorOptions as BadNoiseOptions;
    this.detector = new NoiseDetector(Engine.fromBytesSync(o.wasmBytes), sampleRate);
  }

  process(inputs: Float32Array[][]): boolean {
    const input = inputs[0]?.[0];
    if (input && this.detector.push(input) > 0 && this.detector.bad !== this.bad) {
      this.bad = this.detector.bad;
      this.port.postMessage({ bad: this.bad } satisfies BadNoiseMessage);
    }
    return true;
  }
}

registerProcessor('bad-noise-processor', BadNoiseProcessor);
