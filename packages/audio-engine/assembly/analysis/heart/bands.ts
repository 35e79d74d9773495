// Band powers per envelope frame (stage 5, the murmur detector's input): for every 20 ms frame of
// the segmentation, the power spectral density of a 40 ms Hann window centred on the frame,
// averaged over each band of HEART_BAND_EDGES_HZ (dB), and the spectral flatness of the frame.
//
// Murmurs are turbulent flow: sound reaching well above S1/S2's low tones that fills systole or
// diastole, where a normal heart is quiet. The band edges follow the
// sub-bands used in the PhysioNet/CinC 2016 and 2022 feature sets (e.g. Potes et al. 2016,
// CinC 43: MFCC and band energies per cardiac phase); the flatness (Wiener entropy: geometric over
// arithmetic mean of the power spectrum, Johnston 1988) is the "noisiness" that tells a
// murmur's broadband hiss from tonal sounds. The host (src/murmur/) turns these per-frame values
// into per-phase statistics with the segmentation.
//
// The window is in seconds, the power is a density (per Hz, normalised by the window's energy),
// and the bands are in Hz, so recordings at 4 kHz (CirCor) and 44.1 kHz (decimated to ~4 kHz
// first) give comparable values.
import { fft, nextPow2 } from '../../util/fft';
import { Intermediate } from './decimate';
import { FRAME_RATE } from './envelope';
import { HEART_BAND_COUNT, HEART_BAND_VALUES } from '../../../src/wasm-records';

const WINDOW_SEC: f64 = 0.04;
/** Band edges (Hz): HEART_BAND_COUNT bands. */
const EDGES: StaticArray<f64> = [25, 45, 70, 100, 150, 200, 300, 400, 550, 750, 1000];
/** Flatness is measured over these bins (Hz): above S1/S2's low tones, below most recordings' noise floor. */
const FLAT_LO: f64 = 70;
const FLAT_HI: f64 = 750;

/**
 * Writes `frames` × HEART_BAND_VALUES f32 values to `out`: the bands' power densities (dB), then
 * the flatness (dB, ≤ 0).
 */
export function heartBands(x: Intermediate, frames: i32, out: usize): void {
  const rate = x.rate;
  const W = max(8, <i32>Math.round(WINDOW_SEC * rate));
  const N = nextPow2(W);
  const half = N >> 1;
  const win = new StaticArray<f64>(W);
  let wsum: f64 = 0;
  for (let i = 0; i < W; i++) {
    const w = 0.5 - 0.5 * Math.cos((2 * Math.PI * (<f64>i + 0.5)) / <f64>W);
    win[i] = w;
    wsum += w * w;
  }
  // |X[k]|² / (rate · Σw²) is the one-sided density up to a factor 2 that cancels in every ratio.
  const scale = 1 / (rate * wsum);
  const binHz = rate / <f64>N;
  const lo = new StaticArray<i32>(HEART_BAND_COUNT);
  const hi = new StaticArray<i32>(HEART_BAND_COUNT);
  for (let b = 0; b < HEART_BAND_COUNT; b++) {
    lo[b] = min(half, <i32>Math.ceil(EDGES[b] / binHz));
    hi[b] = min(half, max(lo[b] + 1, <i32>Math.ceil(EDGES[b + 1] / binHz)));
  }
  const flo = min(half, <i32>Math.ceil(FLAT_LO / binHz));
  const fhi = min(half, max(flo + 1, <i32>Math.ceil(FLAT_HI / binHz)));
  const buf = heap.alloc((<usize>N) << 4);
  const pa = new StaticArray<f64>(half + 1);
  const pb = new StaticArray<f64>(half + 1);
  // Two real frames per complex FFT: frame a in the real part, frame b in the imaginary part.
  for (let f = 0; f < frames; f += 2) {
    memory.fill(buf, 0, (<usize>N) << 4);
    for (let k = 0; k < 2; k++) {
      const g = f + k;
      if (g >= frames) break;
      const start = <i32>Math.round(((<f64>g + 0.5) / FRAME_RATE) * rate) - (W >> 1);
      for (let i = 0; i < W; i++) {
        const t = start + i;
        if (t < 0 || t >= x.len) continue;
        store<f64>(buf + ((<usize>i) << 4) + ((<usize>k) << 3), <f64>load<f32>(x.ptr + ((<usize>t) << 2)) * win[i]);
      }
    }
    fft(buf, N);
    for (let k = 0; k <= half; k++) {
      const p = buf + ((<usize>k) << 4);
      const q = buf + ((<usize>((N - k) & (N - 1))) << 4);
      const zr = load<f64>(p),
        zi = load<f64>(p, 8);
      const cr = load<f64>(q),
        ci = -load<f64>(q, 8); // conj(Z[N-k])
      // A[k] = (Z[k] + conj(Z[N-k])) / 2, B[k] = (Z[k] - conj(Z[N-k])) / 2i
      const ar = 0.5 * (zr + cr),
        ai = 0.5 * (zi + ci);
      const br = 0.5 * (zi - ci),
        bi = -0.5 * (zr - cr);
      pa[k] = (ar * ar + ai * ai) * scale;
      pb[k] = (br * br + bi * bi) * scale;
    }
    writeFrame(pa, lo, hi, flo, fhi, out + <usize>f * <usize>HEART_BAND_VALUES * 4);
    if (f + 1 < frames) writeFrame(pb, lo, hi, flo, fhi, out + <usize>(f + 1) * <usize>HEART_BAND_VALUES * 4);
  }
  heap.free(buf);
}

const FLOOR: f64 = 1e-20;

function writeFrame(
  p: StaticArray<f64>,
  lo: StaticArray<i32>,
  hi: StaticArray<i32>,
  flo: i32,
  fhi: i32,
  out: usize,
): void {
  for (let b = 0; b < HEART_BAND_COUNT; b++) {
    let s: f64 = 0;
    for (let k = lo[b]; k < hi[b]; k++) s += p[k];
    store<f32>(out + ((<usize>b) << 2), <f32>(10 * Math.log10(s / <f64>max(1, hi[b] - lo[b]) + FLOOR)));
  }
  let logSum: f64 = 0;
  let sum: f64 = 0;
  for (let k = flo; k < fhi; k++) {
    logSum += Math.log(p[k] + FLOOR);
    sum += p[k] + FLOOR;
  }
  const count = <f64>max(1, fhi - flo);
  const flat = logSum / count - Math.log(sum / count);
  store<f32>(out + ((<usize>HEART_BAND_COUNT) << 2), <f32>((10 / Math.LN10) * flat));
}
