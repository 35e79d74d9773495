// 'bad-noise-processor': the streaming bad-noise check of exams-and-devices §5/§9 (20 checks a
// second, the band split at 32 %, noise floor 1; the definition is in assembly/analysis/noise.ts)
// on the patient's stethoscope, in the engine's WASM; at a lung point the lung criterion instead
// (../lung-noise-detector.ts: breath sounds are the signal there, issue 35). Both detectors are
// made at construction, so switching site allocates nothing on the audio thread. It posts only when
// the verdict changes, never per quantum; the patient's page sends that to the clinician as a
// `badNoiseDetected` message.
import { Engine } from '../engine.js';
import { LungNoiseDetector } from '../lung-noise-detector.js';
import { NoiseDetector } from '../noise-detector.js';
import type { BadNoiseMessage, BadNoiseOptions, BadNoiseSiteMessage } from './messages.js';

class BadNoiseProcessor extends AudioWorkletProcessor {
  private readonly heart: NoiseDetector;
  private readonly lungs: LungNoiseDetector;
  private site: 'heart' | 'lungs';
  private bad = false;

  constructor(options: AudioWorkletNodeOptions) {
    super(options);
    const o = options.processorOptions as BadNoiseOptions;
    const engine = Engine.fromBytesSync(o.wasmBytes);
    this.heart = new NoiseDetector(engine, sampleRate);
    this.lungs = new LungNoiseDetector(engine, sampleRate);
    this.site = o.site ?? 'heart';
    this.port.onmessage = (event: MessageEvent<BadNoiseSiteMessage>) => {
      this.site = event.data.site === 'lungs' ? 'lungs' : 'heart';
    };
  }

  process(inputs: Float32Array[][]): boolean {
    const input = inputs[0]?.[0];
    if (!input) return true;
    // Both listen all the time, so the one switched to has its last second ready.
    const ranHeart = this.heart.push(input);
    const ranLungs = this.lungs.push(input);
    const detector = this.site === 'lungs' ? this.lungs : this.heart;
    const ran = this.site === 'lungs' ? ranLungs : ranHeart;
    if (ran > 0 && detector.bad !== this.bad) {
      this.bad = detector.bad;
      this.port.postMessage({ bad: this.bad } satisfies BadNoiseMessage);
    }
    return true;
  }
}

registerProcessor('bad-noise-processor', BadNoiseProcessor);
