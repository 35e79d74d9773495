// Heart-sound analysis: envelope, heart rate, S1/S2 segmentation.
//
// Written from the papers, not from any reference implementation:
// - Pre-processing: 25–400 Hz band-pass (Springer et al. 2016, IEEE TBME 63(4), §II-B), then
//   decimation to ~1 kHz (integer factor, after the 400 Hz low-pass); above ~8 kHz an anti-alias
//   FIR and decimation to ~4 kHz come first (see decimate()).
// - Signal quality: noise bursts found with Schmidt et al.'s (2010) spike criterion on the
//   envelope are set aside (qualityMask below): excluded from the standardisation, the
//   autocorrelation and the reported segments, neutral in the decoder.
// - Envelope: homomorphic envelogram (Gill, Townsend & Tarassenko 2005; Schmidt et al. 2010,
//   Physiol. Meas. 31): exp(low-pass(log|x|)), 8 Hz zero-phase low-pass, framed at 50 Hz
//   (Springer's feature rate) and standardised.
// - Heart rate: autocorrelation of the envelope (Schmidt 2010 §2.3), searched over 30–220 bpm
//   (0.27–2 s lags) instead of Schmidt's 0.5–2 s, because children's hearts run up to ~200 bpm;
//   the longest-lag risk this adds is avoided by preferring the half lag when it is nearly as
//   strong (period doubling). Parabolic interpolation refines the lag. Systolic interval: the
//   autocorrelation maximum between 0.2 s and half the period (Schmidt 2010).
// - Segmentation: explicit-duration hidden semi-Markov decoding of the cycle S1 → systole → S2 →
//   diastole (Schmidt 2010; Springer 2016), with Gaussian state durations from those papers
//   (S1 122 ± 22 ms, S2 92 ± 22 ms, systole = systolic interval - S1 ± 25 ms, diastole = period -
//   systolic interval - S2 ± (0.07·mean + 6 ms)). Springer's emissions come from a trained logistic
//   regression; we have no training set, so sound states score +z and silent states -z of the
//   standardised envelope, scaled by EMISSION_WEIGHT.

import { fft, nextPow2 } from '../util/fft';

const FRAME_RATE: f64 = 50;
const MIN_BPM: f64 = 30;
const MAX_BPM: f64 = 220;
const EMISSION_WEIGHT: f64 = 1.0;
const S1: i32 = 0;
const SYS: i32 = 1;
const S2: i32 = 2;
const DIA: i32 = 3;

function butter(highpass: bool, f: f64, rate: f64, out: StaticArray<f64>): void {
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

// Anti-alias decimation before the band-pass (speed): at 44.1 kHz the four f64 band-pass sections
// ran over every sample only for one sample in 44 to be kept, ~2/3 of the analysis time. When
// the ~1 kHz decimation factor D has a divisor M leaving at least MIN_INTERMEDIATE_HZ, the input
// is first low-passed by a Kaiser-windowed sinc FIR (Kaiser 1974; attenuation 60 dB, cut-off at
// 0.45 of the intermediate rate, transition ±0.16 of it: flat to ~1.15 kHz at 44.1 kHz, far
// above the 400 Hz band) and only every M-th output computed; the band-pass then runs at
// rate / M (4009 Hz for 44.1 kHz) and keeps every (D / M)-th sample, the same instants as before.
const MIN_INTERMEDIATE_HZ: f64 = 3600;
const FIR_ATTENUATION_DB: f64 = 60;

function besselI0(x: f64): f64 {
  let sum: f64 = 1;
  let term: f64 = 1;
  const q = (x * x) / 4;
  for (let k = 1; k < 50; k++) {
    term *= q / <f64>(k * k);
    sum += term;
    if (term < 1e-17 * sum) break;
  }
  return sum;
}

/** Low-pass FIR and decimation by M: out[k] = Σ h[j]·x[kM + j - C] (zero outside), f32 SIMD. */
function decimate(ptr: usize, n: i32, sampleRate: f64, M: i32, out: usize, len: i32): void {
  const fsi = sampleRate / <f64>M;
  const fc = 0.45 * fsi;
  const dw = (2 * Math.PI * (0.32 * fsi)) / sampleRate; // transition width (rad/sample)
  let L = <i32>Math.ceil((FIR_ATTENUATION_DB - 8) / (2.285 * dw)) + 1;
  if ((L & 1) == 0) L++;
  const beta = 0.1102 * (FIR_ATTENUATION_DB - 8.7);
  const C = (L - 1) / 2;
  const Lp = (L + 3) & ~3; // taps padded with zeros to a multiple of 4
  const h = heap.alloc((<usize>Lp) << 2);
  const i0b = besselI0(beta);
  const wc = (2 * Math.PI * fc) / sampleRate;
  for (let j = 0; j < Lp; j++) {
    let v: f64 = 0;
    if (j < L) {
      const t = <f64>(j - C);
      const sinc = t == 0 ? wc / Math.PI : Math.sin(wc * t) / (Math.PI * t);
      const r = t / <f64>C;
      v = (sinc * besselI0(beta * Math.sqrt(Math.max(0, 1 - r * r)))) / i0b;
    }
    store<f32>(h + ((<usize>j) << 2), <f32>v);
  }
  for (let k = 0; k < len; k++) {
    const base = k * M - C;
    let acc: f32 = 0;
    if (base >= 0 && base + Lp <= n) {
      let a = f32x4.splat(0);
      const xp = ptr + ((<usize>base) << 2);
      for (let j = 0; j < Lp; j += 4) {
        a = f32x4.add(a, f32x4.mul(v128.load(xp + ((<usize>j) << 2)), v128.load(h + ((<usize>j) << 2))));
      }
      acc = f32x4.extract_lane(a, 0) + f32x4.extract_lane(a, 1) + (f32x4.extract_lane(a, 2) + f32x4.extract_lane(a, 3));
    } else {
      for (let j = 0; j < L; j++) {
        const i = base + j;
        if (i >= 0 && i < n) acc += load<f32>(h + ((<usize>j) << 2)) * load<f32>(ptr + ((<usize>i) << 2));
      }
    }
    store<f32>(out + ((<usize>k) << 2), acc);
  }
  heap.free(h);
}

/** The 50 Hz homomorphic envelope of `n` samples (positive; standardize() follows the quality check). */
export function heartEnvelope(ptr: usize, n: i32, sampleRate: f64): StaticArray<f64> {
  const hp = new StaticArray<f64>(5);
  const lp = new StaticArray<f64>(5);
  const D = <i32>Math.max(1, Math.floor(sampleRate / 1000));
  const fs1 = sampleRate / <f64>D;
  const m = n / D;
  let M = 1;
  for (let d = D; d >= 2; d--)
    if (D % d == 0 && sampleRate / <f64>d >= MIN_INTERMEDIATE_HZ) {
      M = d;
      break;
    }
  let src = ptr;
  let tmp: usize = 0;
  if (M > 1) {
    const len = n / M;
    tmp = heap.alloc(max(4, (<usize>len) << 2));
    decimate(ptr, n, sampleRate, M, tmp, len);
    src = tmp;
  }
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
  if (tmp != 0) heap.free(tmp);
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

/**
 * Standardises the envelope over its usable frames (`bad[f] == 0`) and sets the unusable ones to
 * 0, so they carry no evidence either way: the autocorrelation gets nothing from them and in the
 * segmentation every state scores alike there.
 */
function standardize(e: StaticArray<f64>, bad: StaticArray<u8>): void {
  const frames = e.length;
  let mean: f64 = 0;
  let count = 0;
  for (let f = 0; f < frames; f++)
    if (bad[f] == 0) {
      mean += e[f];
      count++;
    }
  mean /= <f64>max(1, count);
  let v: f64 = 0;
  for (let f = 0; f < frames; f++) if (bad[f] == 0) v += (e[f] - mean) * (e[f] - mean);
  const sd = Math.sqrt(v / <f64>max(1, count));
  for (let f = 0; f < frames; f++) e[f] = sd > 0 && bad[f] == 0 ? (e[f] - mean) / sd : 0;
}

function medianOf(v: StaticArray<f64>, n: i32): f64 {
  // Insertion sort: n is a window count (a few dozen).
  const c = new StaticArray<f64>(n);
  for (let i = 0; i < n; i++) {
    const x = v[i];
    let j = i - 1;
    while (j >= 0 && c[j] > x) {
      c[j + 1] = c[j];
      j--;
    }
    c[j + 1] = x;
  }
  return n & 1 ? c[n >> 1] : 0.5 * (c[(n >> 1) - 1] + c[n >> 1]);
}

// Signal quality (unusable spans). Schmidt et al. 2010 (Physiol. Meas. 31) remove frictional
// spikes before segmenting: 500 ms windows, and while a window's maximum absolute amplitude exceeds
// three times the median of the window maxima, the spike around that maximum (zero crossing to zero
// crossing) is zeroed. We apply the same criterion to the envelope, with two changes for the
// 30–220 bpm range: the reference is the median maximum of QUALITY_WINDOW (2 s) windows, so every
// window holds at least one heart cycle even at 30 bpm and the reference is a heart-sound peak, and
// each span reaching above SPIKE_RATIO × that reference is extended on both sides while the envelope
// stays above the reference, then marked unusable instead of zeroed (a zeroed span would read as
// silence to the segmentation). Springer et al. 2016 apply Schmidt's spike removal too.
const QUALITY_WINDOW: f64 = 2; // s
const SPIKE_RATIO: f64 = 3;
const MIN_QUALITY_WINDOWS: i32 = 3;

/** Marks unusable frames (1) of the raw envelope; returns how many were marked. */
function qualityMask(e: StaticArray<f64>, bad: StaticArray<u8>): i32 {
  const T = e.length;
  const W = <i32>(QUALITY_WINDOW * FRAME_RATE);
  const windows = T / W;
  if (windows < MIN_QUALITY_WINDOWS) return 0;
  const peaks = new StaticArray<f64>(windows);
  for (let w = 0; w < windows; w++) {
    let m: f64 = 0;
    for (let f = w * W; f < (w + 1) * W; f++) if (e[f] > m) m = e[f];
    peaks[w] = m;
  }
  const ref = medianOf(peaks, windows);
  const limit = SPIKE_RATIO * ref;
  let marked = 0;
  let f = 0;
  while (f < T) {
    if (e[f] <= limit || bad[f] != 0) {
      f++;
      continue;
    }
    let a = f;
    while (a > 0 && e[a - 1] > ref && bad[a - 1] == 0) a--;
    let b = f + 1;
    while (b < T && e[b] > ref) b++;
    for (let k = a; k < b; k++) {
      bad[k] = 1;
      marked++;
    }
    f = b;
  }
  return marked;
}

/** Normalised autocorrelation r[lag] / r[0] for lags 0..maxLag, by FFT. */
function autocorr(e: StaticArray<f64>, maxLag: i32): StaticArray<f64> {
  const n = e.length;
  const size = nextPow2(2 * n);
  const buf = heap.alloc((<usize>size) << 4);
  memory.fill(buf, 0, (<usize>size) << 4);
  for (let i = 0; i < n; i++) store<f64>(buf + ((<usize>i) << 4), e[i]);
  fft(buf, size);
  for (let k = 0; k < size; k++) {
    const p = buf + ((<usize>k) << 4);
    const re = load<f64>(p);
    const im = load<f64>(p, 8);
    store<f64>(p, re * re + im * im);
    store<f64>(p, 0, 8);
  }
  // Inverse via the forward transform of the (real, even) power spectrum.
  fft(buf, size);
  const r = new StaticArray<f64>(maxLag + 1);
  const r0 = load<f64>(buf);
  for (let l = 0; l <= maxLag && l < size; l++) r[l] = r0 > 0 ? load<f64>(buf + ((<usize>l) << 4)) / r0 : 0;
  heap.free(buf);
  return r;
}

// Per-window periodicity at the period found over the whole recording: in windows of
// PERIODICITY_WINDOW seconds, the normalised correlation of the detrended envelope with itself one
// period later (the best of lag − 1, lag, lag + 1 frames); returns the median over the windows
// with enough usable frames. A heartbeat repeats in every window; noise only here and there.
const PERIODICITY_WINDOW: f64 = 4;

function windowPeriodicity(dt: StaticArray<f64>, bad: StaticArray<u8>, lag: i32): f64 {
  const T = dt.length;
  const W = <i32>(PERIODICITY_WINDOW * FRAME_RATE);
  const count = max(1, T / W);
  const vals = new StaticArray<f64>(count);
  let used = 0;
  for (let w = 0; w < count; w++) {
    const a = w * W;
    const b = w == count - 1 ? T : a + W;
    let good = 0;
    for (let t = a; t < b; t++) if (bad[t] == 0) good++;
    if (good * 2 < b - a) continue;
    let bestR: f64 = -1;
    for (let L = max(1, lag - 1); L <= lag + 1; L++) {
      let xy: f64 = 0,
        xx: f64 = 0,
        yy: f64 = 0;
      for (let t = a; t < b && t + L < T; t++) {
        const x = dt[t];
        const y = dt[t + L];
        xy += x * y;
        xx += x * x;
        yy += y * y;
      }
      const r = xx > 0 && yy > 0 ? xy / Math.sqrt(xx * yy) : 0;
      if (r > bestR) bestR = r;
    }
    vals[used++] = bestR;
  }
  return used > 0 ? medianOf(vals, used) : 0;
}

function isPeak(r: StaticArray<f64>, l: i32): bool {
  return l > 0 && l + 1 < r.length && r[l] >= r[l - 1] && r[l] >= r[l + 1];
}

function refine(r: StaticArray<f64>, l: i32): f64 {
  if (l <= 0 || l + 1 >= r.length) return <f64>l;
  const a = r[l - 1],
    b = r[l],
    c = r[l + 1];
  const den = a - 2 * b + c;
  if (den >= 0) return <f64>l;
  let off = (0.5 * (a - c)) / den;
  if (off > 0.5) off = 0.5;
  if (off < -0.5) off = -0.5;
  return <f64>l + off;
}

// Result block layout (all little-endian):
//   0 f64 heart rate from the autocorrelation (bpm; 0 when none)
//   8 f64 periodicity (median per-window correlation one period apart, -1–1)
//  16 f64 period (s)          24 f64 systolic interval (s)
//  32 f64 frame rate (Hz)     40 i32 segment count, 44 i32 frame count
//  48 i32 unusable span count 52 i32 unusable frame count
//  56 segments: i32 state (0 S1, 1 systole, 2 S2, 3 diastole), i32 start frame, i32 end frame
//     (exclusive), f32 mean standardised envelope over the segment
//  then the unusable spans: i32 start frame, i32 end frame (exclusive)
const HEADER: usize = 56;

function gaussLog(d: f64, mean: f64, sd: f64): f64 {
  const z = (d - mean) / sd;
  return -0.5 * z * z;
}

export function heartAnalyze(ptr: usize, n: i32, sampleRate: f64): usize {
  const e = heartEnvelope(ptr, n, sampleRate);
  const T = e.length;
  const bad = new StaticArray<u8>(T);
  const badFrames = qualityMask(e, bad);
  standardize(e, bad);
  const minLag = <i32>Math.ceil((60 / MAX_BPM) * FRAME_RATE);
  const maxLag = <i32>Math.floor((60 / MIN_BPM) * FRAME_RATE);
  let bpm: f64 = 0,
    peakVal: f64 = 0,
    period: f64 = 0,
    systole: f64 = 0;
  let segCount = 0;
  let segs: StaticArray<i32> | null = null;
  if (T > maxLag + 2) {
    // Autocorrelate a detrended copy: breathing and motion move the envelope slowly (< 0.5 Hz)
    // and would otherwise dominate r[0] and the longest lags. A 2 s moving average is removed.
    const w = <i32>(2 * FRAME_RATE);
    const dt = new StaticArray<f64>(T);
    let acc: f64 = 0;
    for (let t = 0; t < T + w / 2; t++) {
      if (t < T) acc += e[t];
      if (t - w >= 0) acc -= e[t - w];
      const c = t - w / 2;
      if (c >= 0 && c < T) {
        const lo = max(0, t - w + 1);
        const hi = min(T - 1, t);
        dt[c] = bad[c] != 0 ? 0 : e[c] - acc / <f64>(hi - lo + 1);
      }
    }
    const r = autocorr(dt, maxLag + 1);
    let best = -1;
    for (let l = minLag; l <= maxLag; l++) if (isPeak(r, l) && (best < 0 || r[l] > r[best])) best = l;
    if (best > 0) {
      // Period doubling: prefer a peak near half the lag when it is nearly as strong.
      const half = best / 2;
      let alt = -1;
      for (let l = max(minLag, <i32>Math.floor(<f64>half * 0.85)); l <= <i32>Math.ceil(<f64>half * 1.15); l++) {
        if (isPeak(r, l) && (alt < 0 || r[l] > r[alt])) alt = l;
      }
      if (alt > 0 && r[alt] >= 0.8 * r[best]) best = alt;
      const lag = refine(r, best);
      // Periodicity: how well the envelope repeats one period later, window by window. (It was the
      // whole-recording peak's height above the preceding valley; that read 0.16–0.38 on white
      // noise once the envelope's edge transient no longer inflated r[0], as much as a heartbeat
      // recorded while walking.)
      peakVal = windowPeriodicity(dt, bad, best);
      period = lag / FRAME_RATE;
      bpm = 60 / period;
      // Systolic interval: strongest autocorrelation between 0.2 s and half the period.
      const sLo = <i32>Math.round(0.2 * FRAME_RATE);
      const sHi = <i32>Math.round((period / 2) * FRAME_RATE);
      let sBest = -1;
      for (let l = sLo; l <= sHi; l++) if (sBest < 0 || r[l] > r[sBest]) sBest = l;
      systole = sBest > 0 ? refine(r, sBest) / FRAME_RATE : period / 3;
      segs = decode(e, period, systole);
      segCount = segs.length / 3;
    }
  }
  let spanCount = 0;
  for (let f = 0; f < T; f++) if (bad[f] != 0 && (f == 0 || bad[f - 1] == 0)) spanCount++;
  const out = heap.alloc(HEADER + <usize>segCount * 16 + <usize>spanCount * 8);
  store<i32>(out, spanCount, 48);
  store<i32>(out, badFrames, 52);
  let sp = out + HEADER + <usize>segCount * 16;
  for (let f = 0; f < T; f++) {
    if (bad[f] == 0 || (f > 0 && bad[f - 1] != 0)) continue;
    let b = f + 1;
    while (b < T && bad[b] != 0) b++;
    store<i32>(sp, f);
    store<i32>(sp, b, 4);
    sp += 8;
  }
  store<f64>(out, bpm);
  store<f64>(out, peakVal, 8);
  store<f64>(out, period, 16);
  store<f64>(out, systole, 24);
  store<f64>(out, FRAME_RATE, 32);
  store<i32>(out, segCount, 40);
  store<i32>(out, T, 44);
  if (segs !== null) {
    const s = changetype<StaticArray<i32>>(segs);
    for (let i = 0; i < segCount; i++) {
      const p = out + HEADER + <usize>i * 16;
      const a = s[3 * i + 1];
      const b = s[3 * i + 2];
      let m: f64 = 0;
      for (let f = a; f < b; f++) m += e[f];
      store<i32>(p, s[3 * i]);
      store<i32>(p, a, 4);
      store<i32>(p, b, 8);
      store<f32>(p, <f32>(m / <f64>max(1, b - a)), 12);
    }
  }
  return out;
}

export function heartResultFree(p: usize): void {
  heap.free(p);
}

/** Explicit-duration semi-Markov Viterbi. Returns triples (state, start, end) in time order. */
function decode(e: StaticArray<f64>, period: f64, systole: f64): StaticArray<i32> {
  const T = e.length;
  const mean = new StaticArray<f64>(4);
  const sd = new StaticArray<f64>(4);
  mean[S1] = 0.122 * FRAME_RATE;
  sd[S1] = 0.022 * FRAME_RATE;
  mean[S2] = 0.092 * FRAME_RATE;
  sd[S2] = 0.022 * FRAME_RATE;
  mean[SYS] = Math.max(0.02, systole - 0.122) * FRAME_RATE;
  sd[SYS] = 0.025 * FRAME_RATE;
  const dia = Math.max(0.04, period - systole - 0.092);
  mean[DIA] = dia * FRAME_RATE;
  sd[DIA] = (0.07 * dia + 0.006) * FRAME_RATE;
  const dmin = new StaticArray<i32>(4);
  const dmax = new StaticArray<i32>(4);
  let longest = 1;
  for (let j = 0; j < 4; j++) {
    dmin[j] = max(1, <i32>Math.floor(mean[j] - 3 * sd[j]));
    dmax[j] = max(dmin[j], <i32>Math.ceil(mean[j] + 3 * sd[j]));
    if (dmax[j] > longest) longest = dmax[j];
  }
  // Cumulative emission scores: sound states +z, silent states -z.
  const cum = new StaticArray<f64>(T + 1);
  for (let t = 0; t < T; t++) cum[t + 1] = cum[t] + EMISSION_WEIGHT * e[t];
  const NEG: f64 = -1e300;
  const delta = new StaticArray<f64>((T + 1) * 4);
  const back = new StaticArray<i32>((T + 1) * 4);
  for (let i = 0; i < (T + 1) * 4; i++) delta[i] = NEG;
  for (let t = 1; t <= T; t++) {
    for (let j = 0; j < 4; j++) {
      const sign: f64 = j == S1 || j == S2 ? 1 : -1;
      const prev = (j + 3) & 3;
      let best = NEG;
      let bestD = 0;
      const top = min(t, t == T ? longest : dmax[j]);
      for (let d = 1; d <= top; d++) {
        const s = t - d;
        const emit = sign * (cum[t] - cum[s]);
        let score: f64;
        if (s == 0) {
          // First segment may be cut by the start of the recording: no duration prior.
          score = d <= dmax[j] ? emit : NEG;
        } else {
          const before = delta[s * 4 + prev];
          if (before <= NEG) continue;
          if (t == T) {
            // Last segment may be cut by the end: only its upper bound applies.
            if (d > dmax[j]) continue;
            score = before + emit;
          } else {
            if (d < dmin[j]) continue;
            score = before + emit + gaussLog(<f64>d, mean[j], sd[j]);
          }
        }
        if (score > best) {
          best = score;
          bestD = d;
        }
      }
      delta[t * 4 + j] = best;
      back[t * 4 + j] = bestD;
    }
  }
  let state = 0;
  for (let j = 1; j < 4; j++) if (delta[T * 4 + j] > delta[T * 4 + state]) state = j;
  // Backtrack into a reversed list, then reverse.
  const tmp = new Array<i32>();
  let t = T;
  while (t > 0) {
    const d = back[t * 4 + state];
    if (d <= 0) break;
    tmp.push(state);
    tmp.push(t - d);
    tmp.push(t);
    t -= d;
    state = (state + 3) & 3;
  }
  const count = tmp.length / 3;
  const out = new StaticArray<i32>(count * 3);
  for (let i = 0; i < count; i++) {
    const k = count - 1 - i;
    out[3 * i] = tmp[3 * k];
    out[3 * i + 1] = tmp[3 * k + 1];
    out[3 * i + 2] = tmp[3 * k + 2];
  }
  return out;
}
