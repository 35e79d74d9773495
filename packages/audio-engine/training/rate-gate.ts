// The rate-confidence gate (../src/quality.ts RateConfidenceModel) fitted patient-disjointly: a
// logistic model of "within 5 bpm" over the reported rate's measures is fitted on the training
// folds' judged recordings, then the threshold on its log-odds that gives a rate for the most
// well-annotated training recordings while keeping ≥ TARGET_ACCURACY of its rates within 5 bpm is
// taken, and model and threshold are scored on the held-out fold, as `eval:murmur` chooses its
// thresholds (./cv.ts).
import type { RateEstimate } from '../src/heart/rate-choice.js';
import { exp } from '../src/portable-math.js';
import {
  heartbeatEstablished,
  MIN_RATE_CYCLES,
  NO_HEARTBEAT_PERIODICITY,
  RATE_MEASURES,
  rateConfidence,
  rateMeasures,
  type RateConfidenceModel,
  type SignalMeasures,
} from '../src/quality.js';

/** What the evaluation keeps of one recording: enough to apply any gate without re-analysing it. */
export interface RateRow {
  person: string;
  age: string;
  annotatedBpm: number;
  /** Seconds of the recording the annotators left unannotated (state 0 or past the last row). */
  unannotatedSec: number;
  /** The engine's reported rate before any gate (0 when none): HeartFacts.rate, with the measures the gate judges. */
  bpm: number;
  acfBpm: number;
  periodicity: number;
  cycles: number;
  rhythmCv: number;
  s2Contrast: number;
  /** The chosen decode's path score per frame less the best other candidate's (RateEstimate.scoreMargin). */
  scoreMargin: number;
  /** How far the rate drifts over the recording (RateEstimate.rateDriftBpm). */
  rateDriftBpm: number;
  /** The segments' own rate, periodicity and cycles (HeartFacts), which the quality verdict judges. */
  segmentsBpm: number;
  segmentsPeriodicity: number;
  segmentsCycles: number;
  /** What the samples show (quality.ts measureSignal), the noisy share and the usable seconds. */
  signal: SignalMeasures;
  noisyShare: number;
  usableSec: number;
  /** The quality verdict's reason before the gate (signal, noise); null when it raised none. */
  preGateReason: string | null;
  tp: number;
  fp: number;
  fn: number;
  /** For offline study (not read by the gate): seconds analysed, the noise flags per second, the
   * reported candidate's S1 onsets [s, 1 when the interval from the previous one is clean], and the
   * annotated span [first, last annotated sound] in the analysed samples' time (s). */
  durationSec?: number;
  noiseSlices?: number[];
  onsets?: [number, number][];
  annotatedSpan?: [number, number];
}

/** Of the rates given, the share within 5 bpm that a gate must keep on the training folds. */
export const TARGET_ACCURACY = 0.97;
/** "Well annotated": the annotation leaves at most this many seconds unannotated (issue 35). */
export const WELL_ANNOTATED_SEC = 2;
const GATE_FOLDS = 5;

/**
 * When no gate reaches TARGET_ACCURACY on the training folds, the gates within this much of the best
 * accuracy reached compete on coverage: half a point of accuracy is worth less than the rates of a
 * fifth of the recordings.
 */
const ACCURACY_SLACK = 0.005;

/** The rate estimate a row keeps (the measures the confidence reads). */
export function rowEstimate(r: RateRow): RateEstimate {
  return {
    heartRateBpm: r.bpm,
    heartRateAcfBpm: r.acfBpm,
    periodicity: r.periodicity,
    cycles: r.cycles,
    rhythmCv: r.rhythmCv,
    s2Contrast: r.s2Contrast,
    scoreMargin: r.scoreMargin,
    rateDriftBpm: r.rateDriftBpm,
  };
}

/** Whether the row is given a rate under `model` (the same rule as quality.ts heartbeatEstablished). */
export function given(r: RateRow, model: RateConfidenceModel): boolean {
  return r.preGateReason === null && heartbeatEstablished(rowEstimate(r), model);
}

/** The rows the model is fitted on: judged, with a rate over enough cycles. */
const eligible = (r: RateRow) =>
  r.preGateReason === null && r.bpm > 0 && r.cycles >= MIN_RATE_CYCLES && r.periodicity >= NO_HEARTBEAT_PERIODICITY;

/**
 * L2 penalty on the standardised weights, and plain gradient descent (deterministic: no sampling, fixed
 * steps, and the portable e^x, so another machine's Math.exp cannot move the weights' last bits).
 */
const L2 = 0.01;
const STEPS = 2000;
const LEARNING_RATE = 0.5;

/** Logistic regression of "within 5 bpm" on the rows' measures (threshold left at 0). */
export function fitModel(rows: RateRow[]): RateConfidenceModel {
  const train = rows.filter(eligible);
  const X = train.map((r) => rateMeasures(rowEstimate(r)));
  const y = train.map((r) => (within5(r) ? 1 : 0));
  const d = RATE_MEASURES.length;
  const n = Math.max(1, X.length);
  const mean: number[] = [];
  const scale: number[] = [];
  for (let j = 0; j < d; j++) {
    const m = X.reduce((a, x) => a + x[j]!, 0) / n;
    const sd = Math.sqrt(X.reduce((a, x) => a + (x[j]! - m) ** 2, 0) / n);
    mean.push(m);
    scale.push(sd > 0 ? sd : 1);
  }
  const Z = X.map((x) => x.map((v, j) => (v - mean[j]!) / scale[j]!));
  const w = new Array<number>(d).fill(0);
  let b = 0;
  for (let step = 0; step < STEPS; step++) {
    const gw = new Array<number>(d).fill(0);
    let gb = 0;
    for (let i = 0; i < Z.length; i++) {
      let z = b;
      for (let j = 0; j < d; j++) z += w[j]! * Z[i]![j]!;
      const e = 1 / (1 + exp(-z)) - y[i]!;
      gb += e;
      for (let j = 0; j < d; j++) gw[j]! += e * Z[i]![j]!;
    }
    b -= (LEARNING_RATE * gb) / n;
    for (let j = 0; j < d; j++) w[j]! -= LEARNING_RATE * (gw[j]! / n + L2 * w[j]!);
  }
  return { measures: [...RATE_MEASURES], mean, scale, weights: w, bias: b, threshold: 0 };
}

export const within5 = (r: RateRow) => Math.abs(r.bpm - r.annotatedBpm) <= 5;
export const wellAnnotated = (r: RateRow) => r.unannotatedSec <= WELL_ANNOTATED_SEC;

export interface GateScore {
  recordings: number;
  given: number;
  givenWithin5: number;
  wellAnnotated: number;
  wellAnnotatedGiven: number;
  wellAnnotatedWithin5: number;
}

export function scoreGate(rows: RateRow[], gate: RateConfidenceModel | ((r: RateRow) => boolean)): GateScore {
  const g = typeof gate === 'function' ? gate : (r: RateRow) => given(r, gate);
  const s: GateScore = {
    recordings: 0,
    given: 0,
    givenWithin5: 0,
    wellAnnotated: 0,
    wellAnnotatedGiven: 0,
    wellAnnotatedWithin5: 0,
  };
  for (const r of rows) {
    const yes = g(r);
    s.recordings++;
    if (yes) s.given++;
    if (yes && within5(r)) s.givenWithin5++;
    if (wellAnnotated(r)) {
      s.wellAnnotated++;
      if (yes) s.wellAnnotatedGiven++;
      if (yes && within5(r)) s.wellAnnotatedWithin5++;
    }
  }
  return s;
}

/**
 * The model fitted on `rows`, with the threshold that gives the most well-annotated coverage among
 * those reaching TARGET_ACCURACY on `rows`; when none reaches it, among those within ACCURACY_SLACK
 * of the best accuracy any threshold reaches. Deterministic: ties keep the higher threshold.
 */
export function chooseGate(rows: RateRow[]): RateConfidenceModel {
  const model = fitModel(rows);
  // Sweep the thresholds from the most confident row down: each step gives one more row a rate.
  const scored = rows
    .filter(eligible)
    .map((r) => ({ r, z: rateConfidence(rowEstimate(r), model) }))
    .sort((a, b) => b.z - a.z);
  const wellTotal = rows.filter(wellAnnotated).length;
  const steps: { threshold: number; acc: number; cov: number }[] = [];
  let givenN = 0;
  let right = 0;
  let well = 0;
  for (let i = 0; i < scored.length; i++) {
    givenN++;
    if (within5(scored[i]!.r)) right++;
    if (wellAnnotated(scored[i]!.r)) well++;
    if (i + 1 < scored.length && scored[i + 1]!.z === scored[i]!.z) continue;
    steps.push({ threshold: scored[i]!.z, acc: right / givenN, cov: well / Math.max(1, wellTotal) });
  }
  const best = Math.max(...steps.map((s) => s.acc));
  const floor = Math.min(TARGET_ACCURACY, best - ACCURACY_SLACK);
  let chosen: (typeof steps)[number] | null = null;
  for (const s of steps) if (s.acc >= floor && (!chosen || s.cov > chosen.cov)) chosen = s;
  return { ...model, threshold: chosen ? chosen.threshold : Infinity };
}

/** Person → fold, in a fixed hashed order so the split does not follow the file order. */
function gateFolds(rows: RateRow[], k = GATE_FOLDS): Map<string, number> {
  const hash = (s: string) => {
    let h = 2166136261;
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619) >>> 0;
    return h;
  };
  const people = [...new Set(rows.map((r) => r.person))].sort(
    (a, b) => hash('rate' + a) - hash('rate' + b) || a.localeCompare(b),
  );
  return new Map(people.map((p, i) => [p, i % k]));
}

/** Held-out decisions: each fold's rows judged by the gate chosen on the other folds. */
export function crossValidate(
  rows: RateRow[],
  k = GATE_FOLDS,
): { decided: Map<RateRow, boolean>; gates: RateConfidenceModel[]; foldOf: Map<RateRow, number> } {
  const folds = gateFolds(rows, k);
  const decided = new Map<RateRow, boolean>();
  const foldOf = new Map<RateRow, number>();
  const gates: RateConfidenceModel[] = [];
  for (let f = 0; f < k; f++) {
    const gate = chooseGate(rows.filter((r) => folds.get(r.person) !== f));
    gates.push(gate);
    for (const r of rows.filter((r) => folds.get(r.person) === f)) {
      decided.set(r, given(r, gate));
      foldOf.set(r, f);
    }
  }
  return { decided, gates, foldOf };
}
