// Biquad sections with the Audio EQ Cookbook formulas (R. Bristow-Johnson) exactly as the Web Audio
// API specification defines them for BiquadFilterNode (§1.13): lowpass/highpass take Q in dB,
// bandpass takes a linear Q. Coefficients and state are double precision because Chromium's
// BiquadFilterNode computes in double, and f32 state in 20–35 Hz high-pass sections loses
// precision (poles next to the unit circle: up to 3.7e-4 apart from double at RMS 0.07).
//
// A cascade is a raw block: [count:i32, pad:i32] then per section 9 f64:
// b0 b1 b2 a1 a2 (normalised by a0) and the direct-form-I state x1 x2 y1 y2.

export const LOWPASS: i32 = 0;
export const HIGHPASS: i32 = 1;
export const BANDPASS: i32 = 2;
export const BYPASS: i32 = 3;

const SECTION_BYTES: usize = 72;
const HEADER_BYTES: usize = 8;

export function cascadeNew(maxSections: i32): usize {
  const bytes = HEADER_BYTES + <usize>maxSections * SECTION_BYTES;
  const ptr = heap.alloc(bytes);
  memory.fill(ptr, 0, bytes);
  store<i32>(ptr, 0);
  store<i32>(ptr, maxSections, 4);
  return ptr;
}

export function cascadeFree(c: usize): void {
  heap.free(c);
}

export function cascadeCount(c: usize): i32 {
  return load<i32>(c);
}

/** Clears the sections (count 0); coefficients are added again with cascadeAdd. */
export function cascadeClear(c: usize): void {
  store<i32>(c, 0);
}

/** Zeroes the filter memory of every section (a new file, a seek). */
export function cascadeReset(c: usize): void {
  const n = load<i32>(c);
  for (let i = 0; i < n; i++) {
    const s = c + HEADER_BYTES + <usize>i * SECTION_BYTES;
    memory.fill(s + 40, 0, 32);
  }
}

function setNormalized(s: usize, b0: f64, b1: f64, b2: f64, a0: f64, a1: f64, a2: f64): void {
  const k = 1.0 / a0;
  store<f64>(s, b0 * k);
  store<f64>(s, b1 * k, 8);
  store<f64>(s, b2 * k, 16);
  store<f64>(s, a1 * k, 24);
  store<f64>(s, a2 * k, 32);
}

/**
 * Appends one section. `frequency` in Hz is clamped to [0, Nyquist] like the AudioParam's
 * nominal range; the edge cases (0 and Nyquist) follow the Web Audio spec's limits.
 * Returns the new section count, or -1 when the cascade is full.
 */
export function cascadeAdd(c: usize, type: i32, frequency: f64, q: f64, sampleRate: f64): i32 {
  const n = load<i32>(c);
  if (n >= load<i32>(c, 4)) return -1;
  const s = c + HEADER_BYTES + <usize>n * SECTION_BYTES;
  memory.fill(s + 40, 0, 32);
  const nyquist = sampleRate * 0.5;
  let f = frequency / nyquist;
  if (!(f > 0.0)) f = 0.0;
  if (f > 1.0) f = 1.0;
  if (type == LOWPASS) {
    if (f == 1.0) setNormalized(s, 1, 0, 0, 1, 0, 0);
    else if (f > 0.0) {
      const w0 = Math.PI * f;
      const alpha = Math.sin(w0) / (2.0 * Math.pow(10.0, q / 20.0));
      const cw = Math.cos(w0);
      const b = (1.0 - cw) * 0.5;
      setNormalized(s, b, 2.0 * b, b, 1.0 + alpha, -2.0 * cw, 1.0 - alpha);
    } else setNormalized(s, 0, 0, 0, 1, 0, 0);
  } else if (type == HIGHPASS) {
    if (f == 1.0) setNormalized(s, 0, 0, 0, 1, 0, 0);
    else if (f > 0.0) {
      const w0 = Math.PI * f;
      const alpha = Math.sin(w0) / (2.0 * Math.pow(10.0, q / 20.0));
      const cw = Math.cos(w0);
      const b = (1.0 + cw) * 0.5;
      setNormalized(s, b, -2.0 * b, b, 1.0 + alpha, -2.0 * cw, 1.0 - alpha);
    } else setNormalized(s, 1, 0, 0, 1, 0, 0);
  } else if (type == BANDPASS) {
    if (f > 0.0 && f < 1.0) {
      if (q > 0.0) {
        const w0 = Math.PI * f;
        const alpha = Math.sin(w0) / (2.0 * q);
        const cw = Math.cos(w0);
        setNormalized(s, alpha, 0, -alpha, 1.0 + alpha, -2.0 * cw, 1.0 - alpha);
      } else setNormalized(s, 1, 0, 0, 1, 0, 0); // Q <= 0: the spec's limit is a pass-through.
    } else setNormalized(s, 0, 0, 0, 1, 0, 0);
  } else {
    setNormalized(s, 1, 0, 0, 1, 0, 0);
  }
  store<i32>(c, n + 1);
  return n + 1;
}

/**
 * Runs every section over `n` f32 samples at `ptr`, in place, section after section. Each
 * section's output is rounded to f32 before the next, as between two BiquadFilterNodes.
 */
export function cascadeProcess(c: usize, ptr: usize, n: i32): void {
  const count = load<i32>(c);
  // Two sections at a time, interleaved per sample: the state stays in registers and memory is
  // walked half as often. The arithmetic and the f32 rounding between sections are exactly those
  // of the one-section loop, so the output bits do not change.
  let k = 0;
  for (; k + 2 <= count; k += 2) processPair(c + HEADER_BYTES + <usize>k * SECTION_BYTES, ptr, n);
  if (k < count) processOne(c + HEADER_BYTES + <usize>k * SECTION_BYTES, ptr, n);
}

function processOne(s: usize, ptr: usize, n: i32): void {
  const b0 = load<f64>(s),
    b1 = load<f64>(s, 8),
    b2 = load<f64>(s, 16);
  const a1 = load<f64>(s, 24),
    a2 = load<f64>(s, 32);
  let x1 = load<f64>(s, 40),
    x2 = load<f64>(s, 48),
    y1 = load<f64>(s, 56),
    y2 = load<f64>(s, 64);
  for (let i = 0; i < n; i++) {
    const p = ptr + ((<usize>i) << 2);
    const x = <f64>load<f32>(p);
    const y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
    store<f32>(p, <f32>y);
    x2 = x1;
    x1 = x;
    y2 = y1;
    y1 = y;
  }
  // Flush denormals so silence after a loud passage does not slow the loop down.
  if (Math.abs(y1) < 1e-30) y1 = 0;
  if (Math.abs(y2) < 1e-30) y2 = 0;
  store<f64>(s, x1, 40);
  store<f64>(s, x2, 48);
  store<f64>(s, y1, 56);
  store<f64>(s, y2, 64);
}

function processPair(s: usize, ptr: usize, n: i32): void {
  const t = s + SECTION_BYTES;
  const b0 = load<f64>(s),
    b1 = load<f64>(s, 8),
    b2 = load<f64>(s, 16),
    a1 = load<f64>(s, 24),
    a2 = load<f64>(s, 32);
  const c0 = load<f64>(t),
    c1 = load<f64>(t, 8),
    c2 = load<f64>(t, 16),
    d1 = load<f64>(t, 24),
    d2 = load<f64>(t, 32);
  let x1 = load<f64>(s, 40),
    x2 = load<f64>(s, 48),
    y1 = load<f64>(s, 56),
    y2 = load<f64>(s, 64);
  let u1 = load<f64>(t, 40),
    u2 = load<f64>(t, 48),
    v1 = load<f64>(t, 56),
    v2 = load<f64>(t, 64);
  for (let i = 0; i < n; i++) {
    const p = ptr + ((<usize>i) << 2);
    const x = <f64>load<f32>(p);
    const y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
    x2 = x1;
    x1 = x;
    y2 = y1;
    y1 = y;
    // The first section's output is rounded to f32 before the second, as between two nodes.
    const u = <f64>(<f32>y);
    const v = c0 * u + c1 * u1 + c2 * u2 - d1 * v1 - d2 * v2;
    store<f32>(p, <f32>v);
    u2 = u1;
    u1 = u;
    v2 = v1;
    v1 = v;
  }
  if (Math.abs(y1) < 1e-30) y1 = 0;
  if (Math.abs(y2) < 1e-30) y2 = 0;
  if (Math.abs(v1) < 1e-30) v1 = 0;
  if (Math.abs(v2) < 1e-30) v2 = 0;
  store<f64>(s, x1, 40);
  store<f64>(s, x2, 48);
  store<f64>(s, y1, 56);
  store<f64>(s, y2, 64);
  store<f64>(t, u1, 40);
  store<f64>(t, u2, 48);
  store<f64>(t, v1, 56);
  store<f64>(t, v2, 64);
}

/**
 * Magnitude response of the cascade's sections as they stand (the coefficients that play), in dB,
 * at `count` f64 frequencies (Hz) at `freqs`, written as f32 to `out`: |H(e^jω)|² is the product
 * over sections of |b0 + b1·z⁻¹ + b2·z⁻²|² / |1 + a1·z⁻¹ + a2·z⁻²|², z = e^jω, ω = 2π·f/rate.
 * A zero response (a low-pass at 0 Hz) reads -200 dB.
 */
export function cascadeResponse(c: usize, freqs: usize, count: i32, sampleRate: f64, out: usize): void {
  const sections = load<i32>(c);
  for (let i = 0; i < count; i++) {
    const w = (2.0 * Math.PI * load<f64>(freqs + ((<usize>i) << 3))) / sampleRate;
    const c1 = Math.cos(w);
    const s1 = Math.sin(w);
    const c2 = Math.cos(2.0 * w);
    const s2 = Math.sin(2.0 * w);
    let mag2: f64 = 1;
    for (let k = 0; k < sections; k++) {
      const s = c + HEADER_BYTES + <usize>k * SECTION_BYTES;
      const b0 = load<f64>(s),
        b1 = load<f64>(s, 8),
        b2 = load<f64>(s, 16),
        a1 = load<f64>(s, 24),
        a2 = load<f64>(s, 32);
      // z⁻¹ = cos ω − j·sin ω.
      const nr = b0 + b1 * c1 + b2 * c2;
      const ni = -(b1 * s1 + b2 * s2);
      const dr = 1.0 + a1 * c1 + a2 * c2;
      const di = -(a1 * s1 + a2 * s2);
      mag2 *= (nr * nr + ni * ni) / (dr * dr + di * di);
    }
    store<f32>(out + ((<usize>i) << 2), <f32>(mag2 > 1e-20 ? 10.0 * Math.log10(mag2) : -200.0));
  }
}
