// The signal comparisons the end-to-end measurements use (src/compare.ts): each finds what it is
// built to find on a signal whose answer is known by construction.
import { describe, expect, it } from 'vitest';
import {
  bestAlignment,
  bestOffset,
  correlationAt,
  leastSquaredDifference,
  refineAlignment,
  residualDb,
  rms,
  toneAmplitude,
} from '../src/compare.js';
import { fixturePath } from './helpers.js';
import { readMonoWav } from '../src/node.js';

const heart = readMonoWav(fixturePath('heart_normal_circor_49974_MV'));

describe('signal comparison', () => {
  it("finds where an excerpt of a looping source starts, with Pearson's r of 1 there", () => {
    const source = heart.samples.subarray(0, 4 * heart.sampleRate);
    const lag = 12_345;
    const excerpt = Float32Array.from({ length: heart.sampleRate }, (_, i) => source[(lag + i) % source.length]!);
    const found = bestAlignment(source, excerpt);
    expect(found.lag).toBe(lag);
    expect(found.correlation).toBeCloseTo(1, 6);
    expect(refineAlignment(source, excerpt, lag + 5, 8)).toEqual(found);
    // Elsewhere the heart sound is not itself.
    expect(correlationAt(lag + 400, 1, (i) => source[i % source.length]!, excerpt, excerpt.length)).toBeLessThan(0.9);
  });

  it('finds a piece by the least squared difference and an offset between two renderings', () => {
    const x = heart.samples.subarray(0, 2 * heart.sampleRate);
    const shifted = Float32Array.from(x, (_, i) => x[i + 37] ?? 0);
    expect(leastSquaredDifference(shifted, 1000, 500, x, 900, 1200)).toEqual({ lag: 1037, error: 0 });
    expect(bestOffset(shifted, x, { at: 1000, length: 500 }, -100, 100)).toBe(37);
    expect(residualDb(shifted, x, 37, 1000, 1500)).toBe(-Infinity);
    // Half the amplitude off: the residual is a quarter of the energy, −6 dB.
    const half = Float32Array.from(x, (v) => v / 2);
    expect(residualDb(x, half, 0, 0, x.length)).toBeCloseTo(-6.02, 1);
  });

  it("measures a tone's amplitude beside another and a signal's RMS", () => {
    const rate = 8000;
    const x = Float32Array.from(
      { length: rate },
      (_, i) => 0.5 * Math.sin((2 * Math.PI * 100 * i) / rate) + 0.1 * Math.sin((2 * Math.PI * 250 * i) / rate),
    );
    expect(toneAmplitude(x, rate, 100)).toBeCloseTo(0.5, 2);
    expect(toneAmplitude(x, rate, 250)).toBeCloseTo(0.1, 2);
    expect(toneAmplitude(x, rate, 400)).toBeLessThan(0.005);
    expect(rms(Float32Array.of(3, -3, 3, -3))).toBe(3);
    expect(rms(new Float32Array(0))).toBe(0);
  });
});
