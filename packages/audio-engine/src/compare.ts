// Comparing two signals: where one sits in the other and how alike they are there. The engine's
// tests and the end-to-end measurements (a recording against its source, what a listener heard
// against the engine's rendering, a tone's level after a WebRTC path) use these, so a measurement
// cannot drift from the engine it measures. Plain TypeScript in float64: these are measurements,
// not the audio path.

/** The root mean square of `x`. */
export const rms = (x: ArrayLike<number>) => {
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += x[i]! * x[i]!;
  return Math.sqrt(sum / Math.max(1, x.length));
};

/**
 * Pearson's r of `x[0, len)` (every `step`th sample) with `read(lag + i)`: the normalised
 * correlation of an excerpt with a source read from `lag`.
 */
export function correlationAt(
  lag: number,
  step: number,
  read: (i: number) => number,
  x: ArrayLike<number>,
  len: number,
) {
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let i = 0; i < len; i += step) {
    const a = read(lag + i);
    const b = x[i]!;
    sx += a;
    sy += b;
    sxx += a * a;
    syy += b * b;
    sxy += a * b;
  }
  const count = Math.ceil(len / step);
  const cov = sxy - (sx * sy) / count;
  const den = Math.sqrt((sxx - (sx * sx) / count) * (syy - (sy * sy) / count));
  return den > 0 ? cov / den : 0;
}

/**
 * Where a recorded excerpt sits in a looping source, and how alike they are there: Pearson's r of the
 * excerpt with the source at the best lag. The source is taken circularly (Chromium's fake capture
 * plays its file in a loop). Found coarse to fine: on block means (8 samples unless said; cheap and
 * low-passed) first, then sample by sample around the best lag.
 */
export function bestAlignment(
  source: Float32Array,
  excerpt: Float32Array,
  block = 8,
): { correlation: number; lag: number } {
  const n = source.length;
  const m = Math.min(excerpt.length, n);

  // Coarse: block means of `block` samples.
  const coarseSource = new Float32Array(Math.floor(n / block));
  for (let i = 0; i < coarseSource.length; i++) {
    let sum = 0;
    for (let k = 0; k < block; k++) sum += source[i * block + k]!;
    coarseSource[i] = sum / block;
  }
  const coarseExcerpt = new Float32Array(Math.floor(m / block));
  for (let i = 0; i < coarseExcerpt.length; i++) {
    let sum = 0;
    for (let k = 0; k < block; k++) sum += excerpt[i * block + k]!;
    coarseExcerpt[i] = sum / block;
  }
  let bestCoarse = 0;
  let bestValue = -Infinity;
  const cn = coarseSource.length;
  for (let lag = 0; lag < cn; lag++) {
    const value = correlationAt(lag, 1, (i) => coarseSource[i % cn]!, coarseExcerpt, coarseExcerpt.length);
    if (value > bestValue) {
      bestValue = value;
      bestCoarse = lag;
    }
  }

  // Fine: every lag within two blocks of the coarse one.
  return refineAlignment(source, excerpt, bestCoarse * block, 2 * block);
}

/** The best lag within `radius` samples of `around`, sample by sample (the source taken circularly). */
export function refineAlignment(
  source: Float32Array,
  excerpt: Float32Array,
  around: number,
  radius: number,
): { correlation: number; lag: number } {
  const n = source.length;
  const m = Math.min(excerpt.length, n);
  const at = (i: number) => source[i % n]!;
  let best = { correlation: -Infinity, lag: 0 };
  for (let lag = around - radius; lag <= around + radius; lag++) {
    const wrapped = ((lag % n) + n) % n;
    const value = correlationAt(wrapped, 1, at, excerpt, m);
    if (value > best.correlation) best = { correlation: value, lag: wrapped };
  }
  return best;
}

/**
 * The lag, from `lowest` to `highest`, at which `reference` read from there (circularly) is nearest
 * to `x[at, at + length)` by the energy of the difference, and that energy. A lag stops being added
 * up once it is worse than the best so far.
 */
export function leastSquaredDifference(
  x: Float32Array,
  at: number,
  length: number,
  reference: Float32Array,
  lowest: number,
  highest: number,
): { lag: number; error: number } {
  const n = reference.length;
  let best = { lag: lowest, error: Infinity };
  for (let lag = lowest; lag <= highest; lag++) {
    let error = 0;
    for (let i = 0; i < length && error < best.error; i++) {
      const d = x[at + i]! - reference[(((lag + i) % n) + n) % n]!;
      error += d * d;
    }
    if (error < best.error) best = { lag, error };
  }
  return best;
}

/**
 * The offset in `rendered` (from `lowest` to `highest` samples, within it) where the piece of
 * `heard` from `at` of `length` samples matches best.
 */
export function bestOffset(
  heard: Float32Array,
  rendered: Float32Array,
  piece: { at: number; length: number },
  lowest: number,
  highest: number,
): number {
  const { at, length } = piece;
  const from = Math.max(lowest, -at);
  const to = Math.min(highest, rendered.length - length - at);
  return leastSquaredDifference(heard, at, length, rendered, at + from, at + to).lag - at;
}

/** The energy of heard − rendering over heard's [from, to), in dB relative to heard's own energy. */
export function residualDb(heard: Float32Array, rendered: Float32Array, offset: number, from: number, to: number) {
  let error = 0;
  let energy = 0;
  for (let i = from; i < to; i++) {
    const d = heard[i]! - (rendered[i + offset] ?? 0);
    error += d * d;
    energy += heard[i]! * heard[i]!;
  }
  if (error === 0) return -Infinity;
  return 10 * Math.log10(error / (energy || 1e-30));
}

/** A tone's amplitude in `x` at `frequency` (Hann window; exact for a stationary sine of that frequency). */
export function toneAmplitude(x: Float32Array, sampleRate: number, frequency: number): number {
  const n = x.length;
  let re = 0;
  let im = 0;
  let windowSum = 0;
  const step = (2 * Math.PI * frequency) / sampleRate;
  for (let i = 0; i < n; i++) {
    const w = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (n - 1));
    windowSum += w;
    re += x[i]! * w * Math.cos(step * i);
    im -= x[i]! * w * Math.sin(step * i);
  }
  return (2 * Math.hypot(re, im)) / windowSum;
}
