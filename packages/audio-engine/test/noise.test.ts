import { describe, expect, it } from 'vitest';
import { loadEngine, readMonoWav } from '../src/node.js';
import { fixturePath } from './helpers.js';

const engine = loadEngine();

function share(name: string): number {
  const { samples, sampleRate } = readMonoWav(fixturePath(name));
  const q = engine.noiseQuality(samples, sampleRate);
  expect(q.length).toBe(Math.ceil(samples.length / sampleRate));
  return q.reduce((a, b) => a + b, 0) / q.length;
}

/** A 75 bpm train of 100 ms, 60 Hz bursts: the shape of S1/S2 with quiet between them. */
function beats(sampleRate: number, seconds: number, noise = 0): Float32Array {
  const x = new Float32Array(sampleRate * seconds);
  let seed = 1;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 4294967296) * 2 - 1;
  for (let i = 0; i < x.length; i++) {
    const t = (i / sampleRate) % 0.8;
    const inS1 = t < 0.1;
    const inS2 = t > 0.3 && t < 0.4;
    x[i] = (inS1 || inS2 ? 0.5 * Math.sin(2 * Math.PI * 150 * (i / sampleRate)) : 0) + noise * rnd();
  }
  return x;
}

describe('noise quality (1000 ms slices) and the streaming bad-noise detector', () => {
  it('flags clearly more slices in the noisy recordings than in the quiet ones of the same device', () => {
    const stethQuiet = share('heart_stethoscope_quiet_44k_artiexu');
    const stethSpeaking = share('heart_stethoscope_speaking_noisy_44k_artiexu');
    const micQuiet = share('heart_wearablemic_quiet_44k_artiexu');
    const micWalking = share('heart_wearablemic_walking_noisy_44k_artiexu');
    console.log({ stethQuiet, stethSpeaking, micQuiet, micWalking });
    // Thresholds: quiet recordings flag at most 10 % of slices; walking at least 40 % and 3× its
    // quiet baseline; speaking at least 10 % and more than its quiet baseline.
    expect(stethQuiet).toBeLessThanOrEqual(0.1);
    expect(micQuiet).toBeLessThanOrEqual(0.1);
    expect(micWalking).toBeGreaterThanOrEqual(0.4);
    expect(micWalking).toBeGreaterThanOrEqual(3 * micQuiet);
    expect(stethSpeaking).toBeGreaterThanOrEqual(0.1);
    expect(stethSpeaking).toBeGreaterThan(stethQuiet);
  });

  it('does not flag clean CirCor heart recordings and flags the one its annotators could not label', () => {
    expect(share('heart_normal_circor_49974_MV')).toBeLessThanOrEqual(0.1);
    expect(share('heart_normal_circor_50017_MV')).toBeLessThanOrEqual(0.1);
    expect(share('heart_poorquality_murmur_unknown_circor_49638_MV')).toBeGreaterThanOrEqual(0.2);
  });

  it('runs 20 checks per second and reports bad noise only when interference fills the gaps', () => {
    const rate = 4000;
    const clean = engine.createNoiseDetector(rate);
    expect(clean.push(beats(rate, 3))).toBe(60);
    expect(clean.bad).toBe(false);
    const noisy = engine.createNoiseDetector(rate);
    noisy.push(beats(rate, 3, 0.3));
    expect(noisy.bad).toBe(true);
    const silent = engine.createNoiseDetector(rate);
    silent.push(new Float32Array(rate * 2));
    expect(silent.bad).toBe(false);
    expect(silent.score).toBe(-Infinity);
    for (const d of [clean, noisy, silent]) d.destroy();
  });
});
