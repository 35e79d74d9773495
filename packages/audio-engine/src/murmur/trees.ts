// Gradient-boosted decision trees: the murmur detector's model format and its inference. A few
// hundred shallow trees over ~100 features cost microseconds per recording in plain TypeScript,
// so the same code runs in Node, the worker and the browser (no runtime to ship).

/** One tree as parallel node arrays; a node with feature -1 is a leaf whose value is `value`. */
export interface Tree {
  feature: number[];
  threshold: number[];
  left: number[];
  right: number[];
  value: number[];
}

/** A boosted ensemble: margin = base + Σ tree values (learning rate already applied). */
export interface Ensemble {
  base: number;
  trees: Tree[];
}

/** Goes left when x[feature] ≤ threshold. */
export function treeValue(t: Tree, x: ArrayLike<number>): number {
  let n = 0;
  while (t.feature[n]! >= 0) n = x[t.feature[n]!]! <= t.threshold[n]! ? t.left[n]! : t.right[n]!;
  return t.value[n]!;
}

export function margin(e: Ensemble, x: ArrayLike<number>): number {
  let m = e.base;
  for (const t of e.trees) m += treeValue(t, x);
  return m;
}

/**
 * e^x from + − × ÷ only (IEEE 754 rounds those identically everywhere), so a probability is the same
 * to the last bit in Node and in the browser: Math.exp's last bit differs between V8 versions (the
 * parity test caught one such ulp). x = k·ln 2 + r with |r| ≤ ln 2 / 2, e^r by its Taylor series
 * (18 terms: error below 1e-17), times 2^k by exact doublings or halvings.
 */
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

export const sigmoid = (m: number) => 1 / (1 + exp(-m));

/** Probability of the positive class. */
export function predict(e: Ensemble, x: ArrayLike<number>): number {
  return sigmoid(margin(e, x));
}
