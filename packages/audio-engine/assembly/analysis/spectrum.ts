// Live spectrum for the stethoscope check (exams-and-devices §2.10 Stethoscope test): the level of
// each of `bands` log-spaced bands between lowHz and highHz, from a Hann-windowed FFT of the last
// `size` samples. Each band's value is the mean square of the signal in that band (Parseval over
// the window's energy, one-sided), in dB relative to a full-scale sine (mean square 0.5), so a
// band holding a full-scale tone reads 0 dB. The host allocates `work` (size × 16 bytes) once.
import { fft } from '../util/fft';

export function spectrumDb(
  input: usize,
  size: i32,
  work: usize,
  rate: f64,
  lowHz: f64,
  highHz: f64,
  out: usize,
  bands: i32,
): void {
  let wsum: f64 = 0;
  for (let i = 0; i < size; i++) {
    const w = 0.5 - 0.5 * Math.cos((2 * Math.PI * (<f64>i + 0.5)) / <f64>size);
    wsum += w * w;
    const p = work + ((<usize>i) << 4);
    store<f64>(p, <f64>load<f32>(input + ((<usize>i) << 2)) * w);
    store<f64>(p, 0, 8);
  }
  fft(work, size);
  const half = size >> 1;
  const binHz = rate / <f64>size;
  // Two sides, over the window's energy and the number of samples: the band's mean square.
  const scale = 2 / (<f64>size * wsum);
  const ratio = Math.pow(highHz / lowHz, 1 / <f64>bands);
  for (let b = 0; b < bands; b++) {
    const from = lowHz * Math.pow(ratio, <f64>b);
    const to = from * ratio;
    let lo = <i32>Math.ceil(from / binHz);
    let hi = <i32>Math.ceil(to / binHz);
    if (lo < 1) lo = 1;
    if (hi > half) hi = half;
    if (hi <= lo) hi = lo + 1;
    let power: f64 = 0;
    for (let k = lo; k < hi && k <= half; k++) {
      const p = work + ((<usize>k) << 4);
      const re = load<f64>(p);
      const im = load<f64>(p, 8);
      power += re * re + im * im;
    }
    const meanSquare = power * scale;
    store<f32>(out + ((<usize>b) << 2), <f32>(meanSquare > 0 ? 10 * Math.log10(meanSquare / 0.5) : -200));
  }
}
