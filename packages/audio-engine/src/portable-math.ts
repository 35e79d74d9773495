// e^x and log10 from + − × ÷ only. IEEE 754 rounds those identically everywhere, so a result is the
// same to the last bit in Node and in the browser, where Math.exp and Math.log10 are not: their
// last bit differs between V8 versions (the Node/Chromium parity test caught such ulps, in a
// murmur probability and in the gap-to-sound level).

/** e^x: x = k·ln 2 + r with |r| ≤ ln 2 / 2, e^r by its Taylor series (18 terms: error below 1e-17), times 2^k by exact doublings or halvings. */
export function exp(x: number): number {
  if (!Number.isFinite(x)) return Math.exp(x);
  if (x > 700) return Infinity;
  if (x < -700) return 0;
  const k = Math.round(x / Math.LN2);
  const r = x - k * Math.LN2;
  let term = 1;
  let sum = 1;
  for (let n = 1; n <= 18; n++) {
    term = (term * r) / n;
    sum += term;
  }
  for (let i = 0; i < k; i++) sum *= 2;
  for (let i = 0; i > k; i--) sum /= 2;
  return sum;
}

/**
 * ln x: x = m·2^k with m in (√½, √2] by exact halvings or doublings, then ln m = 2·atanh(z) with
 * z = (m − 1)/(m + 1), |z| ≤ 0.172, by its series (21 terms: error below 1e-30).
 */
export function ln(x: number): number {
  if (!(x > 0) || !Number.isFinite(x)) return Math.log(x);
  let k = 0;
  let m = x;
  while (m > Math.SQRT2) {
    m /= 2;
    k++;
  }
  while (m <= Math.SQRT1_2) {
    m *= 2;
    k--;
  }
  const z = (m - 1) / (m + 1);
  const z2 = z * z;
  let term = z;
  let sum = 0;
  for (let n = 1; n <= 41; n += 2) {
    sum += term / n;
    term *= z2;
  }
  return 2 * sum + k * Math.LN2;
}

export const log10 = (x: number): number => ln(x) / Math.LN10;
