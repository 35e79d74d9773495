// Heart rate (stage 3): autocorrelation of the envelope (Schmidt et al. 2010 §2.3), searched over
// 30–220 bpm (0.27–2 s lags) instead of Schmidt's 0.5–2 s, because children's hearts run up to
// ~200 bpm. The long lags this opens to breathing are kept out by a top-hat on the envelope and by
// judging peaks by their prominence (both below, with their figures on CirCor). Parabolic
// interpolation refines the lag. Systolic interval: the autocorrelation maximum between 0.2 s and
// half the period (Schmidt 2010). The peaks near half and twice the lag are returned too: the
// segmentation decides between them (analyze.ts).
import { fft, nextPow2 } from '../../util/fft';
import { FRAME_RATE } from './envelope';
import { medianOf, sortFirst } from './quality';

/** Normalised autocorrelation r[lag] / r[0] for lags 0..maxLag, by FFT. */
export function autocorr(e: StaticArray<f64>, maxLag: i32): StaticArray<f64> {
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

export function windowPeriodicity(dt: StaticArray<f64>, bad: StaticArray<u8>, lag: i32): f64 {
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

export function isPeak(r: StaticArray<f64>, l: i32): bool {
  return l > 0 && l + 1 < r.length && r[l] >= r[l - 1] && r[l] >= r[l + 1];
}

export function refine(r: StaticArray<f64>, l: i32): f64 {
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

// Peaks of the autocorrelation are judged by their prominence over its centred moving average
// over ±PROMINENCE_SEC: a heartbeat repeats with a narrow peak (the width of S1), while breathing,
// which in children (20–40 breaths a minute) modulates the envelope every 1.5–3 s, and slow
// movement leave broad humps that the 2 s detrend does not remove. On the 1,786 annotated CirCor
// recordings (`npm run eval:rate`: the annotators' median S1-to-S1 interval), the plain
// autocorrelation's maximum gave a rate within 5 bpm in 55.9 % of them, 27 % at half the rate or
// less (two or three beats, or the breathing period); with the prominence 69.7 % (S1/S2 F1 at 100 ms
// 0.774 → 0.834). Windows of ±0.1, 0.2, 0.4 and 0.5 s did worse; infants remain the weak group
// (about half still at half the rate).
const PROMINENCE_SEC: f64 = 0.3;

/** r minus its centred moving average over ±w lags. */
function prominence(r: StaticArray<f64>, w: i32): StaticArray<f64> {
  const n = r.length;
  const out = new StaticArray<f64>(n);
  for (let l = 0; l < n; l++) {
    let s: f64 = 0;
    let c = 0;
    for (let j = max(0, l - w); j <= min(n - 1, l + w); j++) {
      s += r[j];
      c++;
    }
    out[l] = r[l] - s / <f64>c;
  }
  return out;
}

// The envelope is autocorrelated after a top-hat: each frame less the median of the frames within
// ±TOP_HAT_SEC. The heart sounds are short peaks (S1 ~0.1 s) and stay; breathing and movement
// raise the envelope for longer stretches and are taken away, with them the breathing period that
// infants' fast breathing (40–60 a minute) otherwise puts at 1–1.5 s, near three of their beats.
// Measured with `npm run eval:rate` on CirCor's 1,786 recordings, against prominence alone: rate
// within 5 bpm 69.7 → 74.0 % (infants 25.7 → 45.3 %), halved rates 15.0 → 6.7 %, doubled
// 8.0 → 10.3 % (S1-to-S2 taken as the beat), S1/S2 F1 0.834 → 0.833. With the old preference for
// a peak near half the lag (taken when it reached 0.8 of the maximum) still in place, ±0.1, ±0.14
// and ±0.2 s gave 70.8, 72.1 and 68.9 %; with the top-hat that preference only doubled more rates
// (73.5 % at 0.9) and is gone.
const TOP_HAT_SEC: f64 = 0.14;

/** Each usable frame less the median (the upper one of an even count) of the frames within ±w; 0 where unusable. */
function topHat(x: StaticArray<f64>, bad: StaticArray<u8>, w: i32): StaticArray<f64> {
  const n = x.length;
  const out = new StaticArray<f64>(n);
  const buf = new StaticArray<f64>(2 * w + 1);
  for (let t = 0; t < n; t++) {
    let c = 0;
    for (let j = max(0, t - w); j <= min(n - 1, t + w); j++) buf[c++] = x[j];
    sortFirst(buf, c);
    out[t] = bad[t] != 0 ? 0 : x[t] - buf[c >> 1];
  }
  return out;
}

const MIN_BPM: f64 = 30;
const MAX_BPM: f64 = 220;

/** What the rate search found; `found` is false when the recording is too short or has no peak. */
export class Rhythm {
  found: bool = false;
  bpm: f64 = 0;
  periodicity: f64 = 0;
  period: f64 = 0;
  systole: f64 = 0;
  /**
   * Other periods the autocorrelation allows: its peaks near half and near twice the lag (faster one
   * first), each with its systolic interval and periodicity. The segmentation chooses (analyze.ts).
   */
  altCount: i32 = 0;
  altPeriod: StaticArray<f64> = new StaticArray<f64>(2);
  altSystole: StaticArray<f64> = new StaticArray<f64>(2);
  altPeriodicity: StaticArray<f64> = new StaticArray<f64>(2);
  /** The autocorrelation's prominence by lag (frames), for the rate candidates (analyze.ts). */
  prominence: StaticArray<f64> = new StaticArray<f64>(0);
  /** The detrended envelope, for the periodicity at a candidate's lag. */
  detrended: StaticArray<f64> = new StaticArray<f64>(0);
  /** The lags (frames) of the autocorrelation's peaks in the search range, highest first. */
  peakCount: i32 = 0;
  peakLags: StaticArray<i32> = new StaticArray<i32>(0);
}

/** Systolic interval for a period: the strongest autocorrelation between 0.2 s and half the period. */
export function systoleFor(r: StaticArray<f64>, period: f64): f64 {
  const sLo = <i32>Math.round(0.2 * FRAME_RATE);
  const sHi = <i32>Math.round((period / 2) * FRAME_RATE);
  let sBest = -1;
  for (let l = sLo; l <= sHi; l++) if (sBest < 0 || r[l] > r[sBest]) sBest = l;
  return sBest > 0 ? refine(r, sBest) / FRAME_RATE : period / 3;
}

/** The autocorrelation peak within ±w of lag c (in [lo, hi]), or -1. */
function peakNear(r: StaticArray<f64>, c: i32, w: i32, lo: i32, hi: i32): i32 {
  let best = -1;
  for (let l = max(lo, c - w); l <= min(hi, c + w); l++)
    if (isPeak(r, l) && r[l] > 0 && (best < 0 || r[l] > r[best])) best = l;
  return best;
}

/** Period, rate, periodicity and systolic interval of the standardised envelope `e`. */
export function findRhythm(e: StaticArray<f64>, bad: StaticArray<u8>): Rhythm {
  const T = e.length;
  const out = new Rhythm();
  const minLag = <i32>Math.ceil((60 / MAX_BPM) * FRAME_RATE);
  const maxLag = <i32>Math.floor((60 / MIN_BPM) * FRAME_RATE);
  if (T <= maxLag + 2) return out;
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
  const r = prominence(
    autocorr(topHat(dt, bad, <i32>Math.round(TOP_HAT_SEC * FRAME_RATE)), maxLag + 1),
    <i32>Math.round(PROMINENCE_SEC * FRAME_RATE),
  );
  let best = -1;
  for (let l = minLag; l <= maxLag; l++) if (isPeak(r, l) && (best < 0 || r[l] > r[best])) best = l;
  if (best <= 0) return out;
  const lag = refine(r, best);
  out.prominence = r;
  out.detrended = dt;
  out.peakLags = new StaticArray<i32>(maxLag - minLag + 1);
  for (let l = minLag; l <= maxLag; l++) if (isPeak(r, l) && r[l] > 0) out.peakLags[out.peakCount++] = l;
  // Highest first (insertion sort: a few dozen peaks).
  for (let i = 1; i < out.peakCount; i++) {
    const v = out.peakLags[i];
    let j = i - 1;
    while (j >= 0 && r[out.peakLags[j]] < r[v]) {
      out.peakLags[j + 1] = out.peakLags[j];
      j--;
    }
    out.peakLags[j + 1] = v;
  }
  // Periodicity: how well the envelope repeats one period later, window by window. (It was the
  // whole-recording peak's height above the preceding valley; that read 0.16–0.38 on white
  // noise once the envelope's edge transient no longer inflated r[0], as much as a heartbeat
  // recorded while walking.)
  out.found = true;
  out.periodicity = windowPeriodicity(dt, bad, best);
  out.period = lag / FRAME_RATE;
  out.bpm = 60 / out.period;
  out.systole = systoleFor(r, out.period);
  const near = new StaticArray<i32>(2);
  near[0] = peakNear(r, <i32>Math.round(lag / 2), 2, minLag, maxLag);
  near[1] = peakNear(r, <i32>Math.round(lag * 2), 3, minLag, maxLag);
  for (let i = 0; i < 2; i++) {
    const c = near[i];
    if (c < 0) continue;
    const k = out.altCount++;
    out.altPeriod[k] = refine(r, c) / FRAME_RATE;
    out.altSystole[k] = systoleFor(r, out.altPeriod[k]);
    out.altPeriodicity[k] = windowPeriodicity(dt, bad, c);
  }
  return out;
}
