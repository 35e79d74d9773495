// What the upload and report benchmarks share: a long recording built from a fixture, and their
// percentile and rounding. Run after `npm run build` (the engine's dist).
import path from 'node:path';
import { encodeWav, loadEngine, readMonoWav } from '../../packages/audio-engine/dist/node.js';

const fixtures = path.resolve(import.meta.dirname, '../fixtures/audio');

/** A `seconds`-long 44.1 kHz mono 16-bit WAV: the fixture resampled by the engine and looped. */
export function loopedRecording(fixture, seconds = 60) {
  const engine = loadEngine();
  const { samples, sampleRate } = readMonoWav(path.join(fixtures, `${fixture}.wav`));
  const resampled = engine.resample(samples, sampleRate, 44100);
  const out = new Float32Array(seconds * 44100);
  for (let at = 0; at < out.length; at += resampled.length) out.set(resampled.subarray(0, out.length - at), at);
  return Buffer.from(encodeWav([out], 44100, 'pcm16'));
}

/** The p-th percentile (nearest rank) of the values. */
export const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** Milliseconds to one decimal. */
export const ms = (value) => Math.round(value * 10) / 10;
