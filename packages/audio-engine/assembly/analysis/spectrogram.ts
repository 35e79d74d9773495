// Spectrogram for the player and the regression report: a short-time Fourier transform (Hann
// window, radix-2 FFT of util/fft.ts) reduced to a picture-sized matrix of `rows` log-spaced
// frequency rows from lowHz to highHz and `cols` time columns over the whole signal.
//
// Columns: column c covers samples [c·n/cols, (c+1)·n/cols). It holds the mean power of
// max(1, round(span / hop)) frames (hop = fftSize/2) spread evenly over that span, so a 60 s
// recording drawn 1200 columns wide costs ~1200 FFTs, and a few wide columns (the regression's
// golden print) still see every sample. Samples outside the signal read as zero.
//
// Rows: row r spans [lowHz·ρ^r, lowHz·ρ^(r+1)), ρ = (highHz/lowHz)^(1/rows). A row that holds FFT
// bins shows the strongest of them; a row narrower than one bin (the bottom of the log axis)
// interpolates the power linearly at its centre frequency. The picture is thus peak-reading: a
// tone reads its level whatever the row's width (white noise, whose bins scatter around their
// mean, reads a little higher in wide rows than in narrow ones: ~2 dB over 4 averaged frames).
//
// Scale: dB re a full-scale sine: a sine of amplitude 1 centred on a bin reads 0 dB (up to the
// Hann window's 1.42 dB scalloping loss between bins). Values are clamped at FLOOR_DB.
//
// The FFT is real-input: the frame is packed into fftSize/2 complex points, transformed, and
// split (Press et al., Numerical Recipes §12.3), half the work of a complex transform.
import { fftTable, fftTwiddles } from '../util/fft';

const FLOOR_DB: f64 = -120;

/** Lowest value a cell can hold (silence, and anything below it). */
export function spectrogramFloorDb(): f64 {
  return FLOOR_DB;
}

/**
 * Writes cols × rows f32 dB values to `out`, column after column (out[c·rows + r], row 0 = lowHz).
 * `fftSize` is a power of two ≥ 4. Returns 0, or -1 when an argument is out of range.
 */
export function spectrogram(
  input: usize,
  n: i32,
  rate: f64,
  fftSize: i32,
  lowHz: f64,
  highHz: f64,
  rows: i32,
  cols: i32,
  out: usize,
): i32 {
  if (fftSize < 4 || (fftSize & (fftSize - 1)) != 0 || rows < 1 || cols < 1 || n < 0) return -1;
  if (!(lowHz > 0) || !(highHz > lowHz) || !(rate > 0)) return -1;
  const half = fftSize >> 1; // complex points of the packed transform, and the last bin index
  const zBytes = (<usize>half) << 4;
  const winBytes = (<usize>fftSize) << 3;
  const twBytes = (<usize>(half + 1)) << 4;
  const powBytes = (<usize>(half + 1)) << 3;
  const fftBytes = (<usize>(half >> 1)) << 4;
  const mapBytes = (<usize>rows) << 4;
  const work = heap.alloc(zBytes + winBytes + twBytes + powBytes + fftBytes + mapBytes);
  const z = work;
  const win = z + zBytes;
  const tw = win + winBytes;
  const pow = tw + twBytes;
  const fftTw = pow + powBytes;
  const map = fftTw + fftBytes;
  fftTwiddles(fftTw, half);

  let wsum: f64 = 0;
  for (let i = 0; i < fftSize; i++) {
    const w = 0.5 - 0.5 * Math.cos((2 * Math.PI * (<f64>i + 0.5)) / <f64>fftSize);
    wsum += w;
    store<f64>(win + ((<usize>i) << 3), w);
  }
  for (let k = 0; k <= half; k++) {
    const th = (2 * Math.PI * <f64>k) / <f64>fftSize;
    store<f64>(tw + ((<usize>k) << 4), Math.cos(th));
    store<f64>(tw + ((<usize>k) << 4), -Math.sin(th), 8);
  }
  // A full-scale sine centred on bin k has |X[k]| = Σw / 2.
  const ref = wsum * 0.5 * (wsum * 0.5);
  const binHz = rate / <f64>fftSize;
  const ratio = Math.pow(highHz / lowHz, 1 / <f64>rows);
  const hop = <f64>half;
  // Row → bins, once: [lo:i32, hi:i32, frac:f64]. hi > lo: the strongest bin of [lo, hi); hi == lo:
  // interpolate between bins lo and lo + 1 at frac; lo > half: above the spectrum (floor).
  for (let r = 0; r < rows; r++) {
    const f0 = lowHz * Math.pow(ratio, <f64>r);
    const f1 = f0 * ratio;
    const lo = <i32>Math.ceil(f0 / binHz);
    let hi = <i32>Math.ceil(f1 / binHz);
    if (hi > half + 1) hi = half + 1;
    const e = map + ((<usize>r) << 4);
    if (lo <= half && hi > lo) {
      store<i32>(e, lo);
      store<i32>(e, hi, 4);
      store<f64>(e, 0, 8);
    } else if (lo <= half) {
      const pos = Math.sqrt(f0 * f1) / binHz;
      let k0 = <i32>Math.floor(pos);
      if (k0 >= half) k0 = half - 1;
      store<i32>(e, k0);
      store<i32>(e, k0, 4);
      store<f64>(e, pos - <f64>k0, 8);
    } else {
      store<i32>(e, half + 1);
      store<i32>(e, half + 1, 4);
      store<f64>(e, 0, 8);
    }
  }

  for (let c = 0; c < cols; c++) {
    const s0 = (<f64>c * <f64>n) / <f64>cols;
    const s1 = (<f64>(c + 1) * <f64>n) / <f64>cols;
    const span = s1 - s0;
    let frames = <i32>Math.round(span / hop);
    if (frames < 1) frames = 1;
    memory.fill(pow, 0, powBytes);
    for (let f = 0; f < frames; f++) {
      const centre = s0 + (span * (<f64>f + 0.5)) / <f64>frames;
      const start = <i32>Math.floor(centre) - half;
      // Pack even samples as real parts and odd samples as imaginary parts.
      if (start >= 0 && start + fftSize <= n) {
        const src = input + ((<usize>start) << 2);
        for (let m = 0; m < half; m++) {
          const p = z + ((<usize>m) << 4);
          const i = <usize>(2 * m);
          store<f64>(p, <f64>load<f32>(src + (i << 2)) * load<f64>(win + (i << 3)));
          store<f64>(p, <f64>load<f32>(src + (i << 2), 4) * load<f64>(win + (i << 3), 8), 8);
        }
      } else
        for (let m = 0; m < half; m++) {
          const i0 = start + 2 * m;
          const i1 = i0 + 1;
          const x0 = i0 >= 0 && i0 < n ? <f64>load<f32>(input + ((<usize>i0) << 2)) : 0;
          const x1 = i1 >= 0 && i1 < n ? <f64>load<f32>(input + ((<usize>i1) << 2)) : 0;
          const p = z + ((<usize>m) << 4);
          store<f64>(p, x0 * load<f64>(win + ((<usize>(2 * m)) << 3)));
          store<f64>(p, x1 * load<f64>(win + ((<usize>(2 * m + 1)) << 3)), 8);
        }
      fftTable(z, half, fftTw);
      // Split: X[k] = E[k] + W^k·O[k], E = (Z[k] + conj Z[M-k]) / 2, O = (Z[k] - conj Z[M-k]) / 2i.
      for (let k = 0; k <= half; k++) {
        const pk = z + ((<usize>(k == half ? 0 : k)) << 4);
        const pc = z + ((<usize>(k == 0 ? 0 : half - k)) << 4);
        const a = load<f64>(pk);
        const b = load<f64>(pk, 8);
        const cr = load<f64>(pc);
        const ci = load<f64>(pc, 8);
        const er = (a + cr) * 0.5;
        const ei = (b - ci) * 0.5;
        const or = (b + ci) * 0.5;
        const oi = (cr - a) * 0.5;
        const wr = load<f64>(tw + ((<usize>k) << 4));
        const wi = load<f64>(tw + ((<usize>k) << 4), 8);
        const xr = er + wr * or - wi * oi;
        const xi = ei + wr * oi + wi * or;
        const q = pow + ((<usize>k) << 3);
        store<f64>(q, load<f64>(q) + xr * xr + xi * xi);
      }
    }
    const inv = 1 / (<f64>frames * ref);
    const col = out + ((<usize>c * <usize>rows) << 2);
    for (let r = 0; r < rows; r++) {
      const e = map + ((<usize>r) << 4);
      const lo = load<i32>(e);
      const hi = load<i32>(e, 4);
      let p: f64 = 0;
      if (lo > half) p = 0;
      else if (hi > lo) {
        for (let k = lo; k < hi; k++) {
          const v = load<f64>(pow + ((<usize>k) << 3));
          if (v > p) p = v;
        }
      } else {
        const frac = load<f64>(e, 8);
        const v0 = load<f64>(pow + ((<usize>lo) << 3));
        const v1 = load<f64>(pow + ((<usize>(lo + 1)) << 3));
        p = v0 + (v1 - v0) * frac;
      }
      const db = p > 0 ? 10 * Math.log10(p * inv) : FLOOR_DB;
      store<f32>(col + ((<usize>r) << 2), <f32>(db > FLOOR_DB ? db : FLOOR_DB));
    }
  }
  heap.free(work);
  return 0;
}
