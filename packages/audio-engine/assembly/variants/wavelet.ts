// Algo1: wavelet denoising (Donoho & Johnstone 1994, "Ideal spatial adaptation by wavelet
// shrinkage"): orthogonal DWT with the Daubechies 8-tap wavelet (db4; Daubechies 1988 / "Ten
// Lectures on Wavelets" 1992, Table 6.1), periodic extension, soft thresholding of every detail
// level with the universal threshold λ = σ·√(2·ln N), σ = median(|d1|) / 0.6745 estimated on the
// finest detail level, then the inverse transform.

// db4 scaling (low-pass reconstruction) filter; sums to √2, orthonormal to its even shifts.
const H: StaticArray<f64> = [
  0.23037781330885523, 0.7148465705525415, 0.6308807679295904, -0.02798376941698385, -0.18703481171888114,
  0.030841381835986965, 0.032883011666982945, -0.010597401784997278,
];
const TAPS: i32 = 8;

// Quadrature-mirror high-pass g[n] = (-1)^n h[L-1-n], precomputed.
const G: StaticArray<f64> = [
  -0.010597401784997278, -0.032883011666982945, 0.030841381835986965, 0.18703481171888114, -0.02798376941698385,
  -0.6308807679295904, 0.7148465705525415, -0.23037781330885523,
];

// Hot loops use unchecked() access and handle the periodic wrap only for the last 3 outputs, so
// the inner loop has neither bounds checks nor an integer remainder.
function forward(x: StaticArray<f64>, n: i32, approx: StaticArray<f64>, detail: StaticArray<f64>): void {
  const half = n >> 1;
  const h0 = unchecked(H[0]),
    h1 = unchecked(H[1]),
    h2 = unchecked(H[2]),
    h3 = unchecked(H[3]);
  const h4 = unchecked(H[4]),
    h5 = unchecked(H[5]),
    h6 = unchecked(H[6]),
    h7 = unchecked(H[7]);
  const g0 = unchecked(G[0]),
    g1 = unchecked(G[1]),
    g2 = unchecked(G[2]),
    g3 = unchecked(G[3]);
  const g4 = unchecked(G[4]),
    g5 = unchecked(G[5]),
    g6 = unchecked(G[6]),
    g7 = unchecked(G[7]);
  const safe = n >= TAPS ? (n - TAPS) / 2 + 1 : 0;
  for (let k = 0; k < safe; k++) {
    const b = 2 * k;
    const v0 = unchecked(x[b]),
      v1 = unchecked(x[b + 1]),
      v2 = unchecked(x[b + 2]),
      v3 = unchecked(x[b + 3]);
    const v4 = unchecked(x[b + 4]),
      v5 = unchecked(x[b + 5]),
      v6 = unchecked(x[b + 6]),
      v7 = unchecked(x[b + 7]);
    unchecked((approx[k] = h0 * v0 + h1 * v1 + h2 * v2 + h3 * v3 + h4 * v4 + h5 * v5 + h6 * v6 + h7 * v7));
    unchecked((detail[k] = g0 * v0 + g1 * v1 + g2 * v2 + g3 * v3 + g4 * v4 + g5 * v5 + g6 * v6 + g7 * v7));
  }
  for (let k = safe; k < half; k++) {
    let a: f64 = 0;
    let d: f64 = 0;
    for (let t = 0; t < TAPS; t++) {
      const v = x[(2 * k + t) % n];
      a += H[t] * v;
      d += G[t] * v;
    }
    approx[k] = a;
    detail[k] = d;
  }
}

function inverse(approx: StaticArray<f64>, detail: StaticArray<f64>, n: i32, out: StaticArray<f64>): void {
  // out[i] = Σ_k h[i - 2k]·a[k] + g[i - 2k]·d[k]; for output pair (2j, 2j+1) the contributing k are
  // j, j-1, j-2, j-3 (mod half), with taps (0,1), (2,3), (4,5), (6,7).
  const half = n >> 1;
  const h0 = H[0],
    h1 = H[1],
    h2 = H[2],
    h3 = H[3],
    h4 = H[4],
    h5 = H[5],
    h6 = H[6],
    h7 = H[7];
  const g0 = G[0],
    g1 = G[1],
    g2 = G[2],
    g3 = G[3],
    g4 = G[4],
    g5 = G[5],
    g6 = G[6],
    g7 = G[7];
  // Interior outputs (j ≥ 3) need no wrap.
  for (let j = 3; j < half; j++) {
    const a0 = approx[j],
      a1 = approx[j - 1],
      a2 = approx[j - 2],
      a3 = approx[j - 3];
    const d0 = detail[j],
      d1 = detail[j - 1],
      d2 = detail[j - 2],
      d3 = detail[j - 3];
    out[2 * j] = h0 * a0 + g0 * d0 + h2 * a1 + g2 * d1 + h4 * a2 + g4 * d2 + h6 * a3 + g6 * d3;
    out[2 * j + 1] = h1 * a0 + g1 * d0 + h3 * a1 + g3 * d1 + h5 * a2 + g5 * d2 + h7 * a3 + g7 * d3;
  }
  for (let j = 0; j < min(3, half); j++) {
    let e: f64 = 0;
    let o: f64 = 0;
    for (let q = 0; q < 4; q++) {
      let k = j - q;
      if (k < 0) k += half;
      if (k < 0) k = ((k % half) + half) % half; // only for half < 4
      const a = unchecked(approx[k]);
      const d = unchecked(detail[k]);
      e += unchecked(H[2 * q]) * a + unchecked(G[2 * q]) * d;
      o += unchecked(H[2 * q + 1]) * a + unchecked(G[2 * q + 1]) * d;
    }
    unchecked((out[2 * j] = e));
    unchecked((out[2 * j + 1] = o));
  }
}

function median(values: StaticArray<f64>, n: i32): f64 {
  const c = new StaticArray<f64>(n);
  for (let i = 0; i < n; i++) c[i] = Math.abs(values[i]);
  // Quickselect for the middle element.
  let lo = 0;
  let hi = n - 1;
  const k = n >> 1;
  while (lo < hi) {
    const pivot = c[(lo + hi) >> 1];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (c[i] < pivot) i++;
      while (c[j] > pivot) j--;
      if (i <= j) {
        const t = c[i];
        c[i] = c[j];
        c[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break;
  }
  return c[k];
}

/** Levels used at a given rate: detail bands down to ~60–125 Hz (5 levels at 4 kHz, 8 at 44.1 kHz). */
export function waveletLevels(sampleRate: f64): i32 {
  let l = <i32>Math.floor(Math.log2(sampleRate / 125));
  return l < 1 ? 1 : l > 10 ? 10 : l;
}

/**
 * Denoises `n` samples from `inPtr` into `outPtr` (f32). `thresholdScale` multiplies λ
 * (1 = universal threshold; 0 = no shrinkage, a perfect-reconstruction check).
 */
export function waveletDenoise(inPtr: usize, n: i32, sampleRate: f64, outPtr: usize, thresholdScale: f64): void {
  if (n <= 0) return;
  let levels = waveletLevels(sampleRate);
  while (levels > 1 && n >> levels < TAPS) levels--;
  const block = 1 << levels;
  const padded = ((n + block - 1) / block) * block;
  // Symmetric extension to a multiple of 2^levels keeps the periodic wrap away from a jump.
  const x = new StaticArray<f64>(padded);
  for (let i = 0; i < padded; i++) {
    let j = i;
    if (j >= n) j = 2 * n - 2 - j;
    if (j < 0) j = 0;
    x[i] = <f64>load<f32>(inPtr + ((<usize>j) << 2));
  }
  const details = new Array<StaticArray<f64>>(levels);
  let cur = x;
  let len = padded;
  for (let l = 0; l < levels; l++) {
    const a = new StaticArray<f64>(len >> 1);
    const d = new StaticArray<f64>(len >> 1);
    forward(cur, len, a, d);
    details[l] = d;
    cur = a;
    len >>= 1;
  }
  const d1 = details[0];
  const sigma = median(d1, d1.length) / 0.6745;
  const lambda = thresholdScale * sigma * Math.sqrt(2 * Math.log(<f64>padded));
  for (let l = 0; l < levels; l++) {
    const d = details[l];
    for (let i = 0; i < d.length; i++) {
      const v = d[i];
      const m = Math.abs(v) - lambda;
      d[i] = m > 0 ? (v > 0 ? m : -m) : 0;
    }
  }
  for (let l = levels - 1; l >= 0; l--) {
    const d = details[l];
    const outLen = d.length << 1;
    const rec = new StaticArray<f64>(outLen);
    inverse(cur, d, outLen, rec);
    cur = rec;
  }
  for (let i = 0; i < n; i++) store<f32>(outPtr + ((<usize>i) << 2), <f32>cur[i]);
}
