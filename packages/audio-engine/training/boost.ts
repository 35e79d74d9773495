// Training of the boosted trees (logistic loss, second-order leaf values, histogram splits: the
// recipe of XGBoost, Chen & Guestrin 2016, KDD). Deterministic: the features are binned at
// fixed quantiles, the row subsample comes from a seeded generator, and ties break by index.
import type { Ensemble, Tree } from '../src/murmur/trees.js';

export interface BoostOptions {
  rounds: number;
  learningRate: number;
  maxDepth: number;
  /** L2 penalty on leaf values (XGBoost's λ). */
  lambda: number;
  /** Smallest hessian sum in a child. */
  minChildWeight: number;
  /** Share of rows each tree sees (seeded). */
  subsample: number;
  /** Share of features each tree may split on (seeded). */
  colsample: number;
  bins: number;
  seed: number;
}

export const DEFAULT_BOOST: BoostOptions = {
  rounds: 300,
  learningRate: 0.05,
  maxDepth: 3,
  lambda: 1,
  minChildWeight: 2,
  subsample: 0.8,
  colsample: 0.8,
  bins: 32,
  seed: 1,
};

/** Park–Miller minimal standard generator: same sequence on every platform. */
export function lcg(seed: number): () => number {
  let s = seed % 2147483647 || 1;
  return () => (s = (s * 16807) % 2147483647) / 2147483647;
}

/** Candidate thresholds per feature: distinct quantiles of its training values. */
function binEdges(X: Float64Array[], f: number, bins: number): number[] {
  const v = X.map((x) => x[f]!).sort((a, b) => a - b);
  const edges: number[] = [];
  for (let k = 1; k < bins; k++) {
    const e = v[Math.floor((k * (v.length - 1)) / bins)]!;
    if (!edges.length || e > edges[edges.length - 1]!) edges.push(e);
  }
  return edges;
}

/** Fits an ensemble to labels y ∈ {0,1} with per-row weights w. */
export function boost(X: Float64Array[], y: number[], w: number[], o: BoostOptions = DEFAULT_BOOST): Ensemble {
  const n = X.length;
  const d = X[0]!.length;
  const rand = lcg(o.seed);
  const edges = Array.from({ length: d }, (_, f) => binEdges(X, f, o.bins));
  // bin[i][f] = number of edges below x: x ≤ edges[k] ⇔ bin ≤ k.
  const bin = X.map((x) =>
    Uint8Array.from(edges, (e, f) => {
      let k = 0;
      while (k < e.length && x[f]! > e[k]!) k++;
      return k;
    }),
  );
  let wp = 0;
  let ws = 0;
  for (let i = 0; i < n; i++) {
    wp += w[i]! * y[i]!;
    ws += w[i]!;
  }
  const p0 = Math.min(1 - 1e-6, Math.max(1e-6, wp / ws));
  const base = Math.log(p0 / (1 - p0));
  const m = new Float64Array(n).fill(base);
  const trees: Tree[] = [];
  const g = new Float64Array(n);
  const h = new Float64Array(n);
  for (let r = 0; r < o.rounds; r++) {
    for (let i = 0; i < n; i++) {
      const p = 1 / (1 + Math.exp(-m[i]!));
      g[i] = w[i]! * (p - y[i]!);
      h[i] = w[i]! * Math.max(p * (1 - p), 1e-6);
    }
    const rows: number[] = [];
    for (let i = 0; i < n; i++) if (rand() < o.subsample) rows.push(i);
    const cols: number[] = [];
    for (let f = 0; f < d; f++) if (rand() < o.colsample) cols.push(f);
    const tree: Tree = { feature: [], threshold: [], left: [], right: [], value: [] };
    const splitBin: number[] = [];
    grow(tree, splitBin, cols, rows, 0);
    trees.push(tree);
    for (let i = 0; i < n; i++) m[i]! += leafOf(tree, splitBin, bin[i]!);
  }
  return { base, trees };

  function grow(tree: Tree, splitBin: number[], cols: number[], rows: number[], depth: number): number {
    const id = tree.feature.length;
    splitBin.push(-1);
    tree.feature.push(-1);
    tree.threshold.push(0);
    tree.left.push(-1);
    tree.right.push(-1);
    let G = 0;
    let H = 0;
    for (const i of rows) {
      G += g[i]!;
      H += h[i]!;
    }
    tree.value.push((-G / (H + o.lambda)) * o.learningRate);
    if (depth >= o.maxDepth || H < 2 * o.minChildWeight) return id;
    const parent = (G * G) / (H + o.lambda);
    let best = { gain: 1e-9, f: -1, k: -1 };
    for (const f of cols) {
      const B = edges[f]!.length + 1;
      const gs = new Float64Array(B);
      const hs = new Float64Array(B);
      for (const i of rows) {
        const b = bin[i]![f]!;
        gs[b]! += g[i]!;
        hs[b]! += h[i]!;
      }
      let gl = 0;
      let hl = 0;
      for (let k = 0; k < B - 1; k++) {
        gl += gs[k]!;
        hl += hs[k]!;
        const hr = H - hl;
        if (hl < o.minChildWeight || hr < o.minChildWeight) continue;
        const gr = G - gl;
        const gain = (gl * gl) / (hl + o.lambda) + (gr * gr) / (hr + o.lambda) - parent;
        if (gain > best.gain) best = { gain, f, k };
      }
    }
    if (best.f < 0) return id;
    const l: number[] = [];
    const rr: number[] = [];
    for (const i of rows) (bin[i]![best.f]! <= best.k ? l : rr).push(i);
    tree.feature[id] = best.f;
    tree.threshold[id] = edges[best.f]![best.k]!;
    splitBin[id] = best.k;
    tree.left[id] = grow(tree, splitBin, cols, l, depth + 1);
    tree.right[id] = grow(tree, splitBin, cols, rr, depth + 1);
    return id;
  }
}

/** The leaf value for a binned row (x ≤ edges[k] ⇔ bin ≤ k, so this agrees with treeValue). */
function leafOf(t: Tree, splitBin: number[], b: Uint8Array): number {
  let n = 0;
  while (t.feature[n]! >= 0) n = b[t.feature[n]!]! <= splitBin[n]! ? t.left[n]! : t.right[n]!;
  return t.value[n]!;
}
