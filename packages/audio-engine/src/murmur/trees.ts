// Gradient-boosted decision trees: the murmur detector's model format and its inference. A few
// hundred shallow trees over ~100 features cost microseconds per recording in plain TypeScript,
// so the same code runs in Node, the worker and the browser (no runtime to ship).
import { exp } from '../portable-math.js';

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

export const sigmoid = (m: number) => 1 / (1 + exp(-m));

/** Probability of the positive class. */
export function predict(e: Ensemble, x: ArrayLike<number>): number {
  return sigmoid(margin(e, x));
}
