// SCRATCH (not to commit): logistic gate with extra measures, same folds and selection rule as rate-gate.ts.
import { readFileSync } from 'node:fs';
import { exp } from '../src/portable-math.js';
import { rateMeasures, MIN_RATE_CYCLES, NO_HEARTBEAT_PERIODICITY } from '../src/quality.js';
import { rowEstimate, within5, wellAnnotated, TARGET_ACCURACY, type RateRow } from './rate-gate.js';
import { withReasons } from './rate-eval.js';

const rows = withReasons(JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as RateRow[]);
const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
type Iv = { a: number; b: number; d: number };
function intervals(r: RateRow): Iv[] {
  const o = r.onsets ?? [];
  const out: Iv[] = [];
  for (let i = 1; i < o.length; i++)
    if (o[i]![1]) out.push({ a: o[i - 1]![0], b: o[i]![0], d: o[i]![0] - o[i - 1]![0] });
  return out;
}
/** Largest |rate of a window of w seconds − reported rate| (bpm), windows starting at each interval. */
function windowDev(r: RateRow, w: number, rel = false): number {
  const iv = intervals(r);
  let dev = 0;
  let any = false;
  for (let i = 0; i < iv.length; i++) {
    const cur: number[] = [];
    for (let j = i; j < iv.length && iv[j]!.b <= iv[i]!.a + w; j++) cur.push(iv[j]!.d);
    if (cur.length < 3 || iv[i]!.a + w > iv[iv.length - 1]!.b) continue;
    any = true;
    const bpm = 60 / median(cur);
    dev = Math.max(dev, rel ? Math.abs(bpm - r.bpm) / r.bpm : Math.abs(bpm - r.bpm));
  }
  return any ? dev : rel ? 0.5 : 30;
}
function halvesDev(r: RateRow, parts: number): number {
  const iv = intervals(r);
  if (iv.length < 2 * parts) return 30;
  let dev = 0;
  const n = iv.length;
  for (let p = 0; p < parts; p++) {
    const cur = iv.slice(Math.floor((p * n) / parts), Math.floor(((p + 1) * n) / parts)).map((x) => x.d);
    dev = Math.max(dev, Math.abs(60 / median(cur) - r.bpm));
  }
  return dev;
}
const iqrBpm = (r: RateRow) => {
  const d = intervals(r)
    .map((x) => x.d)
    .sort((a, b) => a - b);
  if (d.length < 4) return 30;
  const q1 = d[Math.floor(d.length / 4)]!,
    q3 = d[Math.floor((3 * d.length) / 4)]!;
  return 60 / q1 - 60 / q3;
};

function runShare(r: RateRow, tol: number): number {
  const iv = intervals(r);
  let cur: Iv[] = [],
    best = 0;
  for (const x of iv) {
    const prev = cur[cur.length - 1];
    if (prev && Math.abs(prev.b - x.a) < 1e-6 && Math.abs(x.d - prev.d) <= tol * prev.d) cur.push(x);
    else cur = [x];
    best = Math.max(
      best,
      cur.reduce((a, y) => a + y.d, 0),
    );
  }
  return best / Math.max(1, r.durationSec ?? 1);
}
const coveredShare = (r: RateRow) => intervals(r).reduce((a, x) => a + x.d, 0) / Math.max(1, r.durationSec ?? 1);
type M = (r: RateRow) => number[];
const base: M = (r) => rateMeasures(rowEstimate(r));
const eligible = (r: RateRow) =>
  r.preGateReason === null && r.bpm > 0 && r.cycles >= MIN_RATE_CYCLES && r.periodicity >= NO_HEARTBEAT_PERIODICITY;

interface Model {
  mean: number[];
  scale: number[];
  w: number[];
  b: number;
  t: number;
}
function fit(train: RateRow[], m: M): Model {
  const tr = train.filter(eligible);
  const X = tr.map(m);
  const y = tr.map((r) => (within5(r) ? 1 : 0));
  const d = X[0]!.length;
  const n = X.length;
  const mean: number[] = [],
    scale: number[] = [];
  for (let j = 0; j < d; j++) {
    const mu = X.reduce((a, x) => a + x[j]!, 0) / n;
    const sd = Math.sqrt(X.reduce((a, x) => a + (x[j]! - mu) ** 2, 0) / n);
    mean.push(mu);
    scale.push(sd > 0 ? sd : 1);
  }
  const Z = X.map((x) => x.map((v, j) => (v - mean[j]!) / scale[j]!));
  const w = new Array<number>(d).fill(0);
  let b = 0;
  for (let step = 0; step < 2000; step++) {
    const gw = new Array<number>(d).fill(0);
    let gb = 0;
    for (let i = 0; i < Z.length; i++) {
      let z = b;
      for (let j = 0; j < d; j++) z += w[j]! * Z[i]![j]!;
      const e = 1 / (1 + exp(-z)) - y[i]!;
      gb += e;
      for (let j = 0; j < d; j++) gw[j]! += e * Z[i]![j]!;
    }
    b -= 0.5 * (gb / n);
    for (let j = 0; j < d; j++) w[j]! -= 0.5 * (gw[j]! / n + 0.01 * w[j]!);
  }
  const model: Model = { mean, scale, w, b, t: 0 };
  const scored = tr.map((r) => ({ r, z: conf(r, m, model) })).sort((a, b) => b.z - a.z);
  const wellTotal = train.filter(wellAnnotated).length;
  const steps: { threshold: number; acc: number; cov: number }[] = [];
  let g = 0,
    right = 0,
    well = 0;
  for (let i = 0; i < scored.length; i++) {
    g++;
    if (within5(scored[i]!.r)) right++;
    if (wellAnnotated(scored[i]!.r)) well++;
    if (i + 1 < scored.length && scored[i + 1]!.z === scored[i]!.z) continue;
    steps.push({ threshold: scored[i]!.z, acc: right / g, cov: well / Math.max(1, wellTotal) });
  }
  const best = Math.max(...steps.map((s) => s.acc));
  const floor = Math.min(TARGET_ACCURACY, best - 0.005);
  let chosen: (typeof steps)[number] | null = null;
  for (const s of steps) if (s.acc >= floor && (!chosen || s.cov > chosen.cov)) chosen = s;
  model.t = chosen ? chosen.threshold : Infinity;
  return model;
}
function conf(r: RateRow, m: M, model: Model): number {
  const x = m(r);
  let z = model.b;
  for (let i = 0; i < x.length; i++) z += (model.w[i]! * (x[i]! - model.mean[i]!)) / model.scale[i]!;
  return z;
}
const hash = (s: string) => {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619) >>> 0;
  return h;
};
const people = [...new Set(rows.map((r) => r.person))].sort(
  (a, b) => hash('rate' + a) - hash('rate' + b) || a.localeCompare(b),
);
const fold = new Map(people.map((p, i) => [p, i % 5]));

function run(name: string, m: M) {
  let given = 0,
    right = 0,
    wg = 0,
    wt = 0;
  const perFold: string[] = [];
  for (let f = 0; f < 5; f++) {
    const model = fit(
      rows.filter((r) => fold.get(r.person) !== f),
      m,
    );
    let fg = 0,
      fr = 0,
      fwg = 0,
      fwt = 0;
    for (const r of rows.filter((r) => fold.get(r.person) === f)) {
      const yes = eligible(r) && conf(r, m, model) >= model.t;
      if (yes) {
        fg++;
        if (within5(r)) fr++;
      }
      if (wellAnnotated(r)) {
        fwt++;
        if (yes) fwg++;
      }
    }
    given += fg;
    right += fr;
    wg += fwg;
    wt += fwt;
    perFold.push(`${((100 * fwg) / fwt).toFixed(0)}/${((100 * fr) / fg).toFixed(1)}`);
  }
  console.log(
    `${name.padEnd(44)} well ${wg}/${wt} (${((100 * wg) / wt).toFixed(1)} %)  within5 ${right}/${given} (${((100 * right) / given).toFixed(2)} %)  folds ${perFold.join(' ')}`,
  );
}

const only = process.argv[3];
const variants: [string, M][] = [
  ['6 measures (shipped)', base],
  ['+ 10 s window dev (bpm)', (r) => [...base(r), windowDev(r, 10)]],
  ['+ 8 s window dev (bpm)', (r) => [...base(r), windowDev(r, 8)]],
  ['+ 5 s window dev (bpm)', (r) => [...base(r), windowDev(r, 5)]],
  ['+ 10 s window dev (rel)', (r) => [...base(r), windowDev(r, 10, true)]],
  ['+ ln 10 s window dev', (r) => [...base(r), Math.log(0.5 + windowDev(r, 10))]],
  ['+ ln 5 s window dev', (r) => [...base(r), Math.log(0.5 + windowDev(r, 5))]],
  ['+ halves dev', (r) => [...base(r), halvesDev(r, 2)]],
  ['+ thirds dev', (r) => [...base(r), halvesDev(r, 3)]],
  ['+ IQR bpm', (r) => [...base(r), iqrBpm(r)]],
  [
    'CV → 10 s window dev',
    (r) => {
      const x = base(r);
      x[2] = windowDev(r, 10);
      return x;
    },
  ],
  [
    'CV → ln 10 s window dev',
    (r) => {
      const x = base(r);
      x[2] = Math.log(0.5 + windowDev(r, 10));
      return x;
    },
  ],
  [
    'CV → IQR bpm',
    (r) => {
      const x = base(r);
      x[2] = iqrBpm(r);
      return x;
    },
  ],
  ['+ CV×bpm (sd in bpm)', (r) => [...base(r), r.rhythmCv * r.bpm]],
  ['+ longest 20 % run share', (r) => [...base(r), runShare(r, 0.2)]],
  ['+ longest 15 % run share', (r) => [...base(r), runShare(r, 0.15)]],
  ['+ share of the recording in clean intervals', (r) => [...base(r), coveredShare(r)]],
  ['+ thirds dev + CV×bpm', (r) => [...base(r), halvesDev(r, 3), r.rhythmCv * r.bpm]],
  [
    'CV → CV×bpm',
    (r) => {
      const x = base(r);
      x[2] = r.rhythmCv * r.bpm;
      return x;
    },
  ],
];
for (const [n, m] of variants) if (!only || n.includes(only)) run(n, m);
