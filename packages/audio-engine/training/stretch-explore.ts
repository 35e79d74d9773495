// SCRATCH (not to commit): offline variants of the rate's stretch over cached rows.
import { readFileSync } from 'node:fs';
import { crossValidate, scoreGate, within5, wellAnnotated, type RateRow } from './rate-gate.js';
import { withReasons } from './rate-eval.js';

const rows0 = withReasons(JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as RateRow[]);

type Iv = { a: number; b: number; d: number };
function intervals(r: RateRow): Iv[] {
  const o = r.onsets ?? [];
  const out: Iv[] = [];
  for (let i = 1; i < o.length; i++)
    if (o[i]![1]) out.push({ a: o[i - 1]![0], b: o[i]![0], d: o[i]![0] - o[i - 1]![0] });
  return out;
}
const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
function stat(iv: number[]) {
  if (iv.length < 2) return null;
  const mean = iv.reduce((a, b) => a + b, 0) / iv.length;
  const cv = Math.sqrt(iv.reduce((a, b) => a + (b - mean) ** 2, 0) / iv.length) / mean;
  return { bpm: 60 / median(iv), cv, cycles: iv.length + 1 };
}
type Variant = (r: RateRow) => number[] | null; // the intervals (s) the rate rests on

const all: Variant = (r) => intervals(r).map((x) => x.d);
const cleanSec: Variant = (r) => {
  const s = r.noiseSlices ?? [];
  return intervals(r)
    .filter((x) => {
      for (let k = Math.floor(x.a); k <= Math.min(s.length - 1, Math.floor(x.b)); k++) if (s[k]) return false;
      return true;
    })
    .map((x) => x.d);
};
/** Runs of consecutive clean intervals, each within tol of the previous; the longest (in seconds). */
const runs =
  (tol: number, base: (r: RateRow) => Iv[] = intervals): Variant =>
  (r) => {
    const iv = base(r);
    let best: Iv[] = [];
    let cur: Iv[] = [];
    let bestSec = 0;
    for (const x of iv) {
      const prev = cur[cur.length - 1];
      if (prev && Math.abs(prev.b - x.a) < 1e-6 && Math.abs(x.d - prev.d) <= tol * prev.d) cur.push(x);
      else cur = [x];
      const sec = cur.reduce((a, y) => a + y.d, 0);
      if (sec > bestSec) {
        bestSec = sec;
        best = [...cur];
      }
    }
    return best.map((x) => x.d);
  };
/** Runs where each interval is within tol of the run's median so far. */
const runsMed =
  (tol: number): Variant =>
  (r) => {
    const iv = intervals(r);
    let best: Iv[] = [];
    let bestSec = 0;
    for (let i = 0; i < iv.length; i++) {
      const cur = [iv[i]!];
      for (let j = i + 1; j < iv.length; j++) {
        const x = iv[j]!;
        if (Math.abs(cur[cur.length - 1]!.b - x.a) > 1e-6) break;
        const m = median(cur.map((y) => y.d));
        if (Math.abs(x.d - m) > tol * m) break;
        cur.push(x);
      }
      const sec = cur.reduce((a, y) => a + y.d, 0);
      if (sec > bestSec) {
        bestSec = sec;
        best = cur;
      }
    }
    return best.map((x) => x.d);
  };
const cleanIv = (r: RateRow) => {
  const s = r.noiseSlices ?? [];
  return intervals(r).filter((x) => {
    for (let k = Math.floor(x.a); k <= Math.min(s.length - 1, Math.floor(x.b)); k++) if (s[k]) return false;
    return true;
  });
};
/** The window of `w` seconds of consecutive clean intervals with the lowest CV. */
const window =
  (w: number): Variant =>
  (r) => {
    const iv = intervals(r);
    let best: number[] | null = null;
    let bestCv = Infinity;
    for (let i = 0; i < iv.length; i++) {
      const cur: number[] = [];
      let sec = 0;
      for (let j = i; j < iv.length && sec < w; j++) {
        if (j > i && Math.abs(iv[j - 1]!.b - iv[j]!.a) > 1e-6) break;
        cur.push(iv[j]!.d);
        sec += iv[j]!.d;
      }
      if (sec < w * 0.9 && best) continue;
      const s = stat(cur);
      if (s && (s.cv < bestCv || !best)) {
        bestCv = s.cv;
        best = cur;
      }
    }
    return best ?? all(r);
  };

function apply(v: Variant, fallbackAll = true): RateRow[] {
  return rows0.map((r) => {
    if (!(r.bpm > 0) || !r.onsets) return { ...r };
    let iv = v(r);
    let s = iv ? stat(iv) : null;
    if (!s && fallbackAll) s = stat(all(r)!);
    if (!s) return { ...r, bpm: 0, cycles: 0 };
    return { ...r, bpm: s.bpm, rhythmCv: s.cv, cycles: s.cycles };
  });
}

function report(name: string, rows: RateRow[]) {
  const { decided } = crossValidate(rows);
  const s = scoreGate(rows, (r) => decided.get(r)!);
  const judged = rows.filter((r) => r.preGateReason === null);
  const jw = judged.filter(wellAnnotated);
  console.log(
    `${name.padEnd(34)} well ${s.wellAnnotatedGiven}/${s.wellAnnotated} (${((100 * s.wellAnnotatedGiven) / s.wellAnnotated).toFixed(1)} %)  within5 ${s.givenWithin5}/${s.given} (${((100 * s.givenWithin5) / s.given).toFixed(2)} %)  | ungated judged ${((100 * judged.filter(within5).length) / judged.length).toFixed(1)} %, judged well ${jw.filter(within5).length}/${jw.length}`,
  );
}

const check = apply(all);
let diff = 0;
for (let i = 0; i < rows0.length; i++) if (Math.abs(check[i]!.bpm - rows0[i]!.bpm) > 0.05) diff++;
console.log(`recomputed from onsets: ${diff} rows differ by > 0.05 bpm`);
report('as stored', rows0);
report('all clean intervals (recomputed)', check);
const variants: [string, Variant][] = [
  ['clean seconds only', cleanSec],
  ['run, neighbour 10 %', runs(0.1)],
  ['run, neighbour 15 %', runs(0.15)],
  ['run, neighbour 20 %', runs(0.2)],
  ['run, neighbour 30 %', runs(0.3)],
  ['run, median 10 %', runsMed(0.1)],
  ['run, median 15 %', runsMed(0.15)],
  ['run, median 20 %', runsMed(0.2)],
  ['clean sec + run neighbour 15 %', runs(0.15, cleanIv)],
  ['clean sec + run neighbour 20 %', runs(0.2, cleanIv)],
  ['window 5 s lowest CV', window(5)],
  ['window 8 s lowest CV', window(8)],
  ['window 10 s lowest CV', window(10)],
  ['window 15 s lowest CV', window(15)],
  [
    'near ACF period 10 %',
    (r) =>
      intervals(r)
        .filter((x) => Math.abs(x.d - 60 / r.acfBpm) <= 0.1 * (60 / r.acfBpm))
        .map((x) => x.d),
  ],
  [
    'near ACF period 15 %',
    (r) =>
      intervals(r)
        .filter((x) => Math.abs(x.d - 60 / r.acfBpm) <= 0.15 * (60 / r.acfBpm))
        .map((x) => x.d),
  ],
  [
    'near ACF period 25 %',
    (r) =>
      intervals(r)
        .filter((x) => Math.abs(x.d - 60 / r.acfBpm) <= 0.25 * (60 / r.acfBpm))
        .map((x) => x.d),
  ],
];
const only = process.argv[3];
for (const [name, v] of variants) if (!only || name.includes(only)) report(name, apply(v));

// Oracle and diagnostics.
const inSpan: Variant = (r) => {
  const [a, b] = r.annotatedSpan ?? [0, 0];
  return intervals(r)
    .filter((x) => x.a >= a - 0.1 && x.b <= b + 0.1)
    .map((x) => x.d);
};
if (!only || only === 'oracle') {
  report('ORACLE annotated span', apply(inSpan));
  // rate from the stretch, gate measures (cv, cycles) from the whole
  const keepGate = (v: Variant) =>
    rows0.map((r) => {
      if (!(r.bpm > 0) || !r.onsets) return { ...r };
      const s = stat(v(r) ?? []);
      return s ? { ...r, bpm: s.bpm } : { ...r };
    });
  report('ORACLE span rate, whole gate', keepGate(inSpan));
  for (const [name, v] of variants) report(name + ', whole gate', keepGate(v));
  let nA = 0,
    nAn = 0,
    nU = 0,
    nUn = 0;
  const poor = rows0.filter((r) => r.preGateReason === null && !wellAnnotated(r));
  for (const r of poor) {
    const [a, b] = r.annotatedSpan ?? [0, 0];
    (r.noiseSlices ?? []).forEach((f, k) => {
      const mid = k + 0.5;
      if (mid >= a && mid <= b) {
        nA++;
        nAn += f;
      } else {
        nU++;
        nUn += f;
      }
    });
  }
  console.log(
    `judged poorly annotated: ${poor.length}; noisy share inside the annotated span ${(nAn / nA).toFixed(3)} (${nA} s), outside ${(nUn / nU).toFixed(3)} (${nU} s)`,
  );
  const spans = poor.map((r) => r.annotatedSpan![1] - r.annotatedSpan![0]);
  console.log(
    `annotated span length median ${median(spans).toFixed(1)} s; durations median ${median(poor.map((r) => r.durationSec!)).toFixed(1)} s; span starts median ${median(poor.map((r) => r.annotatedSpan![0])).toFixed(1)} s`,
  );
}

// Where the engine's stretch lies against the annotated span (judged, poorly annotated rows).
if (only === 'overlap') {
  const poor = rows0.filter((r) => r.preGateReason === null && !wellAnnotated(r) && r.bpm > 0 && r.onsets);
  const tag = (name: string, pick: (r: RateRow) => Iv[]) => {
    let inside = 0,
      total = 0,
      spanShare = 0,
      fixed = 0,
      broke = 0;
    for (const r of poor) {
      const [a, b] = r.annotatedSpan!;
      const iv = pick(r);
      for (const x of iv) {
        total += x.d;
        if (x.a >= a - 0.1 && x.b <= b + 0.1) inside += x.d;
      }
      spanShare += (b - a) / r.durationSec!;
      const s = stat(iv.map((x) => x.d));
      const ok = s ? Math.abs(s.bpm - r.annotatedBpm) <= 5 : false;
      if (ok && !within5(r)) fixed++;
      if (!ok && within5(r)) broke++;
    }
    console.log(
      `${name}: ${((100 * inside) / total).toFixed(1)} % of its interval seconds inside the annotated span (span = ${((100 * spanShare) / poor.length).toFixed(1)} % of the recording on average); against the whole-recording rate: ${fixed} become right, ${broke} become wrong (of ${poor.length})`,
    );
  };
  tag('all clean intervals', intervals);
  tag('clean seconds', cleanIv);
  const runIv = (tol: number) => (r: RateRow) => {
    const iv = intervals(r);
    let best: Iv[] = [],
      cur: Iv[] = [],
      bestSec = 0;
    for (const x of iv) {
      const prev = cur[cur.length - 1];
      if (prev && Math.abs(prev.b - x.a) < 1e-6 && Math.abs(x.d - prev.d) <= tol * prev.d) cur.push(x);
      else cur = [x];
      const sec = cur.reduce((a, y) => a + y.d, 0);
      if (sec > bestSec) {
        bestSec = sec;
        best = [...cur];
      }
    }
    return best;
  };
  tag('longest run, neighbour 20 %', runIv(0.2));
  tag('oracle: inside the annotated span', (r) =>
    intervals(r).filter((x) => x.a >= r.annotatedSpan![0] - 0.1 && x.b <= r.annotatedSpan![1] + 0.1),
  );
}

if (only === 'noisy') {
  const relax = (rows: RateRow[], p: number) =>
    rows.map((r) =>
      r.preGateReason === 'too-noisy' && r.segmentsPeriodicity >= p && r.usableSec >= 5
        ? { ...r, preGateReason: null }
        : r,
    );
  report('whole, too-noisy judged when periodicity ≥ 0.3', relax(rows0, 0.3));
  report('ORACLE span, too-noisy judged when per. ≥ 0.3', relax(apply(inSpan), 0.3));
  report('ORACLE span, every too-noisy judged', relax(apply(inSpan), 0));
}

if (only === 'first') {
  for (const w of [8, 12, 16])
    report(
      `first ${w} s of the recording (NOT a product rule)`,
      apply((r) =>
        intervals(r)
          .filter((x) => x.b <= w)
          .map((x) => x.d),
      ),
    );
}
