// Anti-alias decimation before the heart analysis's band-pass (speed): at 44.1 kHz the four f64 band-pass sections
// ran over every sample only for one sample in 44 to be kept, ~2/3 of the analysis time. When
// the ~1 kHz decimation factor D has a divisor M leaving at least MIN_INTERMEDIATE_HZ, the input
// is first low-passed by a Kaiser-windowed sinc FIR (Kaiser 1974; attenuation 60 dB, cut-off at
// 0.45 of the intermediate rate, transition ±0.16 of it: flat to ~1.15 kHz at 44.1 kHz, far
// above the 400 Hz band) and only every M-th output computed; the band-pass then runs at
// rate / M (4009 Hz for 44.1 kHz) and keeps every (D / M)-th sample, the same instants as before.
export const MIN_INTERMEDIATE_HZ: f64 = 3600;
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
export function decimate(ptr: usize, n: i32, sampleRate: f64, M: i32, out: usize, len: i32): void {
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

/** The input at the intermediate rate: `len` f32 samples at `rate` = input rate / `factor`. */
export class Intermediate {
  ptr: usize = 0;
  len: i32 = 0;
  rate: f64 = 0;
  factor: i32 = 1;
  /** Whether `ptr` is a copy to free (factor > 1) or the input itself. */
  owned: bool = false;
}

/**
 * Decimates the input by the largest divisor M of the ~1 kHz factor D = floor(rate / 1000) that
 * leaves at least MIN_INTERMEDIATE_HZ (none below ~8 kHz: the input is used as it is).
 */
export function toIntermediate(ptr: usize, n: i32, sampleRate: f64): Intermediate {
  const D = <i32>Math.max(1, Math.floor(sampleRate / 1000));
  let M = 1;
  for (let d = D; d >= 2; d--)
    if (D % d == 0 && sampleRate / <f64>d >= MIN_INTERMEDIATE_HZ) {
      M = d;
      break;
    }
  const x = new Intermediate();
  x.factor = M;
  x.rate = sampleRate / <f64>M;
  if (M > 1) {
    x.len = n / M;
    x.ptr = heap.alloc(max(4, (<usize>x.len) << 2));
    x.owned = true;
    decimate(ptr, n, sampleRate, M, x.ptr, x.len);
  } else {
    x.ptr = ptr;
    x.len = n;
  }
  return x;
}

export function freeIntermediate(x: Intermediate): void {
  if (x.owned) heap.free(x.ptr);
  x.owned = false;
}
