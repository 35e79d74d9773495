// Heart-sound envelope (stage 1 of the heart analysis, see ./analyze.ts for the papers):
// - Pre-processing: 25–400 Hz band-pass (Springer et al. 2016, IEEE TBME 63(4), §II-B), then
//   decimation to ~1 kHz (integer factor, after the 400 Hz low-pass); above ~8 kHz an anti-alias
//   FIR and decimation to ~4 kHz come first (see decimate()).
// - Envelope: homomorphic envelogram (Gill, Townsend & Tarassenko 2005; Schmidt et al. 2010,
//   Physiol. Meas. 31): exp(low-pass(log|x|)), 8 Hz zero-phase low-pass, framed at 50 Hz
//   (Springer's feature rate); standardised by ./quality.ts once the unusable frames are known.

import { Intermediate } from './decimate';

/** Envelope frame rate (Hz): Springer's feature rate. */
export const FRAME_RATE: f64 = 50;

export function butter(highpass: bool, f: f64, rate: f64, out: StaticArray<f64>): void {
  let fc = f;
  if (fc > rate * 0.45) fc = rate * 0.45;
  const w0 = (2 * Math.PI * fc) / rate;
  const alpha = Math.sin(w0) * Math.SQRT1_2; // Q = 1/√2 (Butterworth): alpha = sin(w0)/(2Q)
  const c = Math.cos(w0);
  const a0 = 1 + alpha;
  const b = highpass ? (1 + c) / 2 : (1 - c) / 2;
  out[0] = b / a0;
  out[1] = (highpass ? -2 * b : 2 * b) / a0;
  out[2] = b / a0;
  out[3] = (-2 * c) / a0;
  out[4] = (1 - alpha) / a0;
}

/**
 * One pass of the envelope low-pass (unit gain at DC), started in the steady state of the first
 * sample it meets, as filtfilt implementations do (Gustafsson 1996, IEEE TSP 44(4)): started from
 * zero, the log-magnitude envelope (values around -5) jumped at both ends of every recording, and
 * the quality check read that as a noise burst.
 */
function filterInPlace(x: StaticArray<f64>, k: StaticArray<f64>, reverse: bool): void {
  const n = x.length;
  const first = n > 0 ? x[reverse ? n - 1 : 0] : 0;
  let x1: f64 = first,
    x2: f64 = first,
    y1: f64 = first,
    y2: f64 = first;
  for (let t = 0; t < n; t++) {
    const i = reverse ? n - 1 - t : t;
    const v = x[i];
    const y = k[0] * v + k[1] * x1 + k[2] * x2 - k[3] * y1 - k[4] * y2;
    x2 = x1;
    x1 = v;
    y2 = y1;
    y1 = y;
    x[i] = y;
  }
}

/**
 * The 50 Hz homomorphic envelope of `n` input samples at `sampleRate`, read from their
 * intermediate-rate copy `x` (positive; standardize() follows the quality check).
 */
export function heartEnvelope(x: Intermediate, n: i32, sampleRate: f64): StaticArray<f64> {
  const hp = new StaticArray<f64>(5);
  const lp = new StaticArray<f64>(5);
  const D = <i32>Math.max(1, Math.floor(sampleRate / 1000));
  const fs1 = sampleRate / <f64>D;
  const m = n / D;
  const M = x.factor;
  const src = x.ptr;
  const rate = sampleRate / <f64>M;
  const Dn = D / M;
  butter(true, 25, rate, hp);
  butter(false, 400, rate, lp);
  const y = new StaticArray<f64>(m);
  // Two high-pass and two low-pass sections (4th-order band edges), run inline for speed.
  let h1x1: f64 = 0,
    h1x2: f64 = 0,
    h1y1: f64 = 0,
    h1y2: f64 = 0;
  let h2x1: f64 = 0,
    h2x2: f64 = 0,
    h2y1: f64 = 0,
    h2y2: f64 = 0;
  let l1x1: f64 = 0,
    l1x2: f64 = 0,
    l1y1: f64 = 0,
    l1y2: f64 = 0;
  let l2x1: f64 = 0,
    l2x2: f64 = 0,
    l2y1: f64 = 0,
    l2y2: f64 = 0;
  // Coefficients in locals instead of loads from the arrays every sample, and the output index by
  // counter instead of a division (~20 % of this loop's time; the arithmetic is unchanged).
  const p0 = hp[0],
    p1 = hp[1],
    p2 = hp[2],
    p3 = hp[3],
    p4 = hp[4];
  const q0 = lp[0],
    q1 = lp[1],
    q2 = lp[2],
    q3 = lp[3],
    q4 = lp[4];
  let phase = 0;
  let o = 0;
  const yp = changetype<usize>(y);
  for (let i = 0; i < m * Dn; i++) {
    const v = <f64>load<f32>(src + ((<usize>i) << 2));
    const a = p0 * v + p1 * h1x1 + p2 * h1x2 - p3 * h1y1 - p4 * h1y2;
    h1x2 = h1x1;
    h1x1 = v;
    h1y2 = h1y1;
    h1y1 = a;
    const b = p0 * a + p1 * h2x1 + p2 * h2x2 - p3 * h2y1 - p4 * h2y2;
    h2x2 = h2x1;
    h2x1 = a;
    h2y2 = h2y1;
    h2y1 = b;
    const c = q0 * b + q1 * l1x1 + q2 * l1x2 - q3 * l1y1 - q4 * l1y2;
    l1x2 = l1x1;
    l1x1 = b;
    l1y2 = l1y1;
    l1y1 = c;
    const d = q0 * c + q1 * l2x1 + q2 * l2x2 - q3 * l2y1 - q4 * l2y2;
    l2x2 = l2x1;
    l2x1 = c;
    l2y2 = l2y1;
    l2y1 = d;
    if (phase == 0) {
      store<f64>(yp + ((<usize>o) << 3), d);
      o++;
    }
    if (++phase == Dn) phase = 0;
  }
  // Homomorphic envelope: log magnitude, 8 Hz zero-phase low-pass, exp.
  for (let i = 0; i < m; i++) y[i] = Math.log(Math.abs(y[i]) + 1e-9);
  const env = new StaticArray<f64>(5);
  butter(false, 8, fs1, env);
  filterInPlace(y, env, false);
  filterInPlace(y, env, true);
  for (let i = 0; i < m; i++) y[i] = Math.exp(y[i]);
  // Frame to 50 Hz by averaging.
  const per = fs1 / FRAME_RATE;
  const frames = <i32>Math.floor(<f64>m / per);
  const e = new StaticArray<f64>(frames);
  for (let f = 0; f < frames; f++) {
    const a = <i32>Math.floor(<f64>f * per);
    const b = <i32>Math.floor(<f64>(f + 1) * per);
    let s: f64 = 0;
    for (let i = a; i < b; i++) s += y[i];
    e[f] = s / <f64>max(1, b - a);
  }
  return e;
}
