// Signal quality (stage 2): unusable spans, and the envelope standardised over the usable frames.
import { FRAME_RATE } from './envelope';

/** Sorts the first `n` values of `v` in place (insertion sort: callers pass a few dozen values). */
export function sortFirst(v: StaticArray<f64>, n: i32): void {
  for (let i = 1; i < n; i++) {
    const x = v[i];
    let j = i - 1;
    while (j >= 0 && v[j] > x) {
      v[j + 1] = v[j];
      j--;
    }
    v[j + 1] = x;
  }
}

export function medianOf(v: StaticArray<f64>, n: i32): f64 {
  const c = new StaticArray<f64>(n);
  for (let i = 0; i < n; i++) c[i] = v[i];
  sortFirst(c, n);
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
export function qualityMask(e: StaticArray<f64>, bad: StaticArray<u8>): i32 {
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

/**
 * Standardises the envelope over its usable frames (`bad[f] == 0`) and sets the unusable ones to
 * 0, so they carry no evidence either way: the autocorrelation gets nothing from them and in the
 * segmentation every state scores alike there.
 */
export function standardize(e: StaticArray<f64>, bad: StaticArray<u8>): void {
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
