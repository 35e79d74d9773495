// In-place iterative radix-2 complex FFT (Cooley–Tukey 1965) on interleaved f64 [re, im] pairs.
// `size` must be a power of two. Twiddles are computed per stage by recurrence from one
// sin/cos pair, accurate to ~1e-13 for the sizes used here (≤ 65536).

export function fft(buf: usize, size: i32): void {
  // Bit-reversal permutation.
  let j = 0;
  for (let i = 0; i < size - 1; i++) {
    if (i < j) {
      const a = buf + ((<usize>i) << 4);
      const b = buf + ((<usize>j) << 4);
      const re = load<f64>(a);
      const im = load<f64>(a, 8);
      store<f64>(a, load<f64>(b));
      store<f64>(a, load<f64>(b, 8), 8);
      store<f64>(b, re);
      store<f64>(b, im, 8);
    }
    let m = size >> 1;
    while (m >= 1 && j >= m) {
      j -= m;
      m >>= 1;
    }
    j += m;
  }
  for (let len = 2; len <= size; len <<= 1) {
    const ang = (-2.0 * Math.PI) / <f64>len;
    const wr0 = Math.cos(ang);
    const wi0 = Math.sin(ang);
    const half = len >> 1;
    for (let s = 0; s < size; s += len) {
      let wr: f64 = 1;
      let wi: f64 = 0;
      for (let k = 0; k < half; k++) {
        const a = buf + ((<usize>(s + k)) << 4);
        const b = buf + ((<usize>(s + k + half)) << 4);
        const br = load<f64>(b);
        const bi = load<f64>(b, 8);
        const tr = br * wr - bi * wi;
        const ti = br * wi + bi * wr;
        const ar = load<f64>(a);
        const ai = load<f64>(a, 8);
        store<f64>(a, ar + tr);
        store<f64>(a, ai + ti, 8);
        store<f64>(b, ar - tr);
        store<f64>(b, ai - ti, 8);
        const nwr = wr * wr0 - wi * wi0;
        wi = wr * wi0 + wi * wr0;
        wr = nwr;
      }
    }
  }
}

export function nextPow2(n: i32): i32 {
  let p = 1;
  while (p < n) p <<= 1;
  return p;
}

/**
 * Fills `table` (size/2 interleaved f64 pairs) with the twiddles cos, −sin of 2πj/size for
 * fftTable: computed once per transform size instead of by recurrence in every butterfly.
 */
export function fftTwiddles(table: usize, size: i32): void {
  const half = size >> 1;
  for (let j = 0; j < half; j++) {
    const a = (2.0 * Math.PI * <f64>j) / <f64>size;
    store<f64>(table + ((<usize>j) << 4), Math.cos(a));
    store<f64>(table + ((<usize>j) << 4), -Math.sin(a), 8);
  }
}

/**
 * The same transform as fft() with the twiddles read from a table made by fftTwiddles(table, size):
 * for the spectrogram's thousands of equal-size frames. (fft() stays as it is: the analysis's
 * outputs, pinned by the golden files, depend on its exact rounding.)
 */
export function fftTable(buf: usize, size: i32, table: usize): void {
  let j = 0;
  for (let i = 0; i < size - 1; i++) {
    if (i < j) {
      const a = buf + ((<usize>i) << 4);
      const b = buf + ((<usize>j) << 4);
      const re = load<f64>(a);
      const im = load<f64>(a, 8);
      store<f64>(a, load<f64>(b));
      store<f64>(a, load<f64>(b, 8), 8);
      store<f64>(b, re);
      store<f64>(b, im, 8);
    }
    let m = size >> 1;
    while (m >= 1 && j >= m) {
      j -= m;
      m >>= 1;
    }
    j += m;
  }
  for (let len = 2; len <= size; len <<= 1) {
    const half = len >> 1;
    const step = (<usize>(size / len)) << 4;
    for (let s = 0; s < size; s += len) {
      let t = table;
      const end = buf + ((<usize>(s + half)) << 4);
      for (let a = buf + ((<usize>s) << 4); a < end; a += 16) {
        const b = a + ((<usize>half) << 4);
        const wr = load<f64>(t);
        const wi = load<f64>(t, 8);
        t += step;
        const br = load<f64>(b);
        const bi = load<f64>(b, 8);
        const tr = br * wr - bi * wi;
        const ti = br * wi + bi * wr;
        const ar = load<f64>(a);
        const ai = load<f64>(a, 8);
        store<f64>(a, ar + tr);
        store<f64>(a, ai + ti, 8);
        store<f64>(b, ar - tr);
        store<f64>(b, ai - ti, 8);
      }
    }
  }
}
