// Gain and meter levels. The gain ceilings (5× for file playback, 20× for the live stream)
// come from clinician-portal §9 and are enforced by the host, which knows the context.

/** Multiplies `n` samples in place. */
export function gainApply(ptr: usize, n: i32, gain: f32): void {
  const g = f32x4.splat(gain);
  let i = 0;
  for (; i + 4 <= n; i += 4) {
    const p = ptr + ((<usize>i) << 2);
    v128.store(p, f32x4.mul(v128.load(p), g));
  }
  for (; i < n; i++) {
    const p = ptr + ((<usize>i) << 2);
    store<f32>(p, load<f32>(p) * gain);
  }
}

/** Peak absolute level in dBFS; silence gives -Infinity. */
export function peakDb(ptr: usize, n: i32): f64 {
  let m: f32 = 0;
  for (let i = 0; i < n; i++) {
    const v = Mathf.abs(load<f32>(ptr + ((<usize>i) << 2)));
    if (v > m) m = v;
  }
  return m > 0 ? 20.0 * Math.log10(<f64>m) : -Infinity;
}

/** RMS level in dBFS (full-scale sine reads -3.01 dB); silence gives -Infinity. */
export function rmsDb(ptr: usize, n: i32): f64 {
  if (n <= 0) return -Infinity;
  let s: f64 = 0;
  for (let i = 0; i < n; i++) {
    const v = <f64>load<f32>(ptr + ((<usize>i) << 2));
    s += v * v;
  }
  const r = Math.sqrt(s / <f64>n);
  return r > 0 ? 20.0 * Math.log10(r) : -Infinity;
}
