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

// The interior of both transforms runs on f64x2 vectors (V8 does not auto-vectorise WASM: built
// with --enable simd, scalar loops run no faster; only explicit v128 code uses the lanes). Forward: output k needs x[2k .. 2k+7]; as four pairs X_q = (x[2k+2q], x[2k+2q+1]),
// approx[k] = Σ_q (h_2q, h_2q+1)·X_q summed across lanes, and output k+1 reuses X_1..X_4, so two
// outputs of both filters cost five pair loads. Each output is still the sum of the same eight
// products; only the order of the additions differs from a scalar loop (last-bit differences).
// The periodic wrap is handled by the scalar tail.
function forward(xp: usize, n: i32, ap: usize, dp: usize): void {
  const half = n >> 1;
  const hp0 = f64x2(unchecked(H[0]), unchecked(H[1])),
    hp1 = f64x2(unchecked(H[2]), unchecked(H[3])),
    hp2 = f64x2(unchecked(H[4]), unchecked(H[5])),
    hp3 = f64x2(unchecked(H[6]), unchecked(H[7]));
  const gp0 = f64x2(unchecked(G[0]), unchecked(G[1])),
    gp1 = f64x2(unchecked(G[2]), unchecked(G[3])),
    gp2 = f64x2(unchecked(G[4]), unchecked(G[5])),
    gp3 = f64x2(unchecked(G[6]), unchecked(G[7]));
  // Outputs k with 2k + 7 < n need no wrap; the vector loop takes them two at a time.
  const safe = n >= TAPS ? (n - TAPS) / 2 + 1 : 0;
  let k = 0;
  for (; k + 1 < safe; k += 2) {
    const b = xp + ((<usize>(2 * k)) << 3);
    const x0 = v128.load(b),
      x1 = v128.load(b, 16),
      x2 = v128.load(b, 32),
      x3 = v128.load(b, 48),
      x4 = v128.load(b, 64);
    const a0 = f64x2.add(
      f64x2.add(f64x2.mul(hp0, x0), f64x2.mul(hp1, x1)),
      f64x2.add(f64x2.mul(hp2, x2), f64x2.mul(hp3, x3)),
    );
    const a1 = f64x2.add(
      f64x2.add(f64x2.mul(hp0, x1), f64x2.mul(hp1, x2)),
      f64x2.add(f64x2.mul(hp2, x3), f64x2.mul(hp3, x4)),
    );
    const d0 = f64x2.add(
      f64x2.add(f64x2.mul(gp0, x0), f64x2.mul(gp1, x1)),
      f64x2.add(f64x2.mul(gp2, x2), f64x2.mul(gp3, x3)),
    );
    const d1 = f64x2.add(
      f64x2.add(f64x2.mul(gp0, x1), f64x2.mul(gp1, x2)),
      f64x2.add(f64x2.mul(gp2, x3), f64x2.mul(gp3, x4)),
    );
    // (lane 0 + lane 1) of each accumulator, for outputs k and k + 1 together.
    v128.store(ap + ((<usize>k) << 3), f64x2.add(v128.shuffle<f64>(a0, a1, 0, 2), v128.shuffle<f64>(a0, a1, 1, 3)));
    v128.store(dp + ((<usize>k) << 3), f64x2.add(v128.shuffle<f64>(d0, d1, 0, 2), v128.shuffle<f64>(d0, d1, 1, 3)));
  }
  for (; k < half; k++) {
    let a: f64 = 0;
    let d: f64 = 0;
    for (let t = 0; t < TAPS; t++) {
      const v = load<f64>(xp + ((<usize>((2 * k + t) % n)) << 3));
      a += unchecked(H[t]) * v;
      d += unchecked(G[t]) * v;
    }
    store<f64>(ap + ((<usize>k) << 3), a);
    store<f64>(dp + ((<usize>k) << 3), d);
  }
}

// Inverse: out[2j] = Σ_q h_2q·a[j-q] + g_2q·d[j-q] and out[2j+1] the same with the odd taps. Two
// consecutive j form one f64x2 (unaligned pair loads of a and d at j-q), giving the even and odd
// outputs of j and j+1, interleaved into out[2j .. 2j+3] by two shuffles.
function inverse(ap: usize, dp: usize, n: i32, op: usize): void {
  const half = n >> 1;
  const he0 = f64x2.splat(unchecked(H[0])),
    he1 = f64x2.splat(unchecked(H[2])),
    he2 = f64x2.splat(unchecked(H[4])),
    he3 = f64x2.splat(unchecked(H[6]));
  const ho0 = f64x2.splat(unchecked(H[1])),
    ho1 = f64x2.splat(unchecked(H[3])),
    ho2 = f64x2.splat(unchecked(H[5])),
    ho3 = f64x2.splat(unchecked(H[7]));
  const ge0 = f64x2.splat(unchecked(G[0])),
    ge1 = f64x2.splat(unchecked(G[2])),
    ge2 = f64x2.splat(unchecked(G[4])),
    ge3 = f64x2.splat(unchecked(G[6]));
  const go0 = f64x2.splat(unchecked(G[1])),
    go1 = f64x2.splat(unchecked(G[3])),
    go2 = f64x2.splat(unchecked(G[5])),
    go3 = f64x2.splat(unchecked(G[7]));
  // Interior outputs (j ≥ 3) need no wrap.
  let j = 3;
  for (; j + 1 < half; j += 2) {
    const pa = ap + ((<usize>(j - 3)) << 3);
    const pd = dp + ((<usize>(j - 3)) << 3);
    // A_q = (a[j-q], a[j+1-q]): offsets 3-q pairs from a[j-3].
    const a0 = v128.load(pa, 24),
      a1 = v128.load(pa, 16),
      a2 = v128.load(pa, 8),
      a3 = v128.load(pa);
    const d0 = v128.load(pd, 24),
      d1 = v128.load(pd, 16),
      d2 = v128.load(pd, 8),
      d3 = v128.load(pd);
    const even = f64x2.add(
      f64x2.add(f64x2.add(f64x2.mul(he0, a0), f64x2.mul(ge0, d0)), f64x2.add(f64x2.mul(he1, a1), f64x2.mul(ge1, d1))),
      f64x2.add(f64x2.add(f64x2.mul(he2, a2), f64x2.mul(ge2, d2)), f64x2.add(f64x2.mul(he3, a3), f64x2.mul(ge3, d3))),
    );
    const odd = f64x2.add(
      f64x2.add(f64x2.add(f64x2.mul(ho0, a0), f64x2.mul(go0, d0)), f64x2.add(f64x2.mul(ho1, a1), f64x2.mul(go1, d1))),
      f64x2.add(f64x2.add(f64x2.mul(ho2, a2), f64x2.mul(go2, d2)), f64x2.add(f64x2.mul(ho3, a3), f64x2.mul(go3, d3))),
    );
    const po = op + ((<usize>(2 * j)) << 3);
    v128.store(po, v128.shuffle<f64>(even, odd, 0, 2));
    v128.store(po, v128.shuffle<f64>(even, odd, 1, 3), 16);
  }
  for (; j < half; j++) {
    const pa = ap + ((<usize>j) << 3);
    const pd = dp + ((<usize>j) << 3);
    const a0 = load<f64>(pa),
      a1 = load<f64>(pa - 8),
      a2 = load<f64>(pa - 16),
      a3 = load<f64>(pa - 24);
    const d0 = load<f64>(pd),
      d1 = load<f64>(pd - 8),
      d2 = load<f64>(pd - 16),
      d3 = load<f64>(pd - 24);
    store<f64>(
      op + ((<usize>(2 * j)) << 3),
      unchecked(H[0] * a0 + G[0] * d0 + H[2] * a1 + G[2] * d1 + H[4] * a2 + G[4] * d2 + H[6] * a3 + G[6] * d3),
    );
    store<f64>(
      op + ((<usize>(2 * j + 1)) << 3),
      unchecked(H[1] * a0 + G[1] * d0 + H[3] * a1 + G[3] * d1 + H[5] * a2 + G[5] * d2 + H[7] * a3 + G[7] * d3),
    );
  }
  for (let j = 0; j < min(3, half); j++) {
    let e: f64 = 0;
    let o: f64 = 0;
    for (let q = 0; q < 4; q++) {
      let k = j - q;
      if (k < 0) k += half;
      if (k < 0) k = ((k % half) + half) % half; // only for half < 4
      const a = load<f64>(ap + ((<usize>k) << 3));
      const d = load<f64>(dp + ((<usize>k) << 3));
      e += unchecked(H[2 * q]) * a + unchecked(G[2 * q]) * d;
      o += unchecked(H[2 * q + 1]) * a + unchecked(G[2 * q + 1]) * d;
    }
    store<f64>(op + ((<usize>(2 * j)) << 3), e);
    store<f64>(op + ((<usize>(2 * j + 1)) << 3), o);
  }
}

// Median of |values| (the k = n/2-th smallest, 0-based), exact. The bits of a non-negative f64
// order like the value, so a histogram of the top 16 bits (exponent and 4 mantissa bits) finds
// the bucket that holds rank k in one branch-free pass; only that bucket's few elements are then
// ranked by quickselect. Same result as a quickselect over everything, at a fraction of its
// mispredicted branches (that was ~1/3 of Algo1's time at 44.1 kHz).
const BUCKETS: i32 = 1 << 15;

function median(vp: usize, n: i32): f64 {
  const k = n >> 1;
  const hist = new StaticArray<u32>(BUCKETS);
  const hp = changetype<usize>(hist);
  for (let i = 0; i < n; i++) {
    const b = <usize>((load<u64>(vp + ((<usize>i) << 3)) >> 48) & 0x7fff);
    store<u32>(hp + (b << 2), load<u32>(hp + (b << 2)) + 1);
  }
  let below = 0;
  let bucket = 0;
  for (; bucket < BUCKETS; bucket++) {
    const c = <i32>unchecked(hist[bucket]);
    if (below + c > k) break;
    below += c;
  }
  const count = <i32>unchecked(hist[bucket]);
  const c = new StaticArray<f64>(count);
  let m = 0;
  for (let i = 0; i < n; i++) {
    const bits = load<u64>(vp + ((<usize>i) << 3)) & 0x7fffffffffffffff;
    if (<i32>(bits >> 48) == bucket) unchecked((c[m++] = reinterpret<f64>(bits)));
  }
  return select(c, count, k - below);
}

/** The k-th smallest of c[0..n) (0-based), by quickselect; reorders c. */
function select(c: StaticArray<f64>, n: i32, k: i32): f64 {
  let lo = 0;
  let hi = n - 1;
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
  // Working memory: X (the signal, then every other level's approximation), S (the other
  // approximations) and COEF (level l's details at [padded >> (l + 1), padded >> l)), allocated once
  // per call and not zeroed (every element is written before it is read).
  const bytes = (<usize>padded) << 3;
  const X = heap.alloc(bytes);
  const S = heap.alloc(bytes >> 1);
  const COEF = heap.alloc(bytes);
  for (let i = 0; i < padded; i++) {
    let j = i;
    if (j >= n) j = 2 * n - 2 - j;
    if (j < 0) j = 0;
    store<f64>(X + ((<usize>i) << 3), <f64>load<f32>(inPtr + ((<usize>j) << 2)));
  }
  let cur = X;
  let other = S;
  let len = padded;
  for (let l = 0; l < levels; l++) {
    const half = len >> 1;
    forward(cur, len, other, COEF + ((<usize>half) << 3));
    const t = cur;
    cur = other;
    other = t;
    len = half;
  }
  // cur holds the coarsest approximation (len values); COEF[padded/2 ..) the finest details.
  const sigma = median(COEF + ((<usize>(padded >> 1)) << 3), padded >> 1) / 0.6745;
  const lambda = thresholdScale * sigma * Math.sqrt(2 * Math.log(<f64>padded));
  for (let i = len; i < padded; i++) {
    const p = COEF + ((<usize>i) << 3);
    const v = load<f64>(p);
    const m = Math.abs(v) - lambda;
    store<f64>(p, m > 0 ? (v > 0 ? m : -m) : 0);
  }
  for (let l = levels - 1; l >= 0; l--) {
    const half = padded >> (l + 1);
    inverse(cur, COEF + ((<usize>half) << 3), half << 1, other);
    const t = cur;
    cur = other;
    other = t;
  }
  for (let i = 0; i < n; i++) store<f32>(outPtr + ((<usize>i) << 2), <f32>load<f64>(cur + ((<usize>i) << 3)));
  heap.free(COEF);
  heap.free(S);
  heap.free(X);
}
