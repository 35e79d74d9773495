// The rate-confidence gate (../../quality.ts HeartbeatGate) chosen patient-disjointly: every
// candidate gate is scored on the training folds, the one that gives a rate for the most
// well-annotated recordings while keeping ≥ TARGET_ACCURACY of its rates within 5 bpm is taken, and
// that gate is scored on the held-out fold, as `eval:murmur` chooses its thresholds (./cv.ts).
import { acfDisagreement, type HeartbeatGate, type SignalMeasures } from '../src/quality.js';

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

const GATE_GRID = {
  minPeriodicity: [0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6],
  minCycles: [3, 4, 5, 6, 8],
  maxRhythmCv: [0.05, 0.075, 0.1, 0.125, 0.15, 0.2, 0.3],
  maxAcfDisagreement: [0.02, 0.03, 0.05, 0.075, 0.1, 0.15, 0.25, 1],
};

function candidateGates(): HeartbeatGate[] {
  const out: HeartbeatGate[] = [];
  for (const minPeriodicity of GATE_GRID.minPeriodicity)
    for (const minCycles of GATE_GRID.minCycles)
      for (const maxRhythmCv of GATE_GRID.maxRhythmCv)
        for (const maxAcfDisagreement of GATE_GRID.maxAcfDisagreement)
          out.push({ minPeriodicity, minCycles, maxRhythmCv, maxAcfDisagreement });
  return out;
}

/** Whether the row is given a rate under `gate` (the same rule as quality.ts heartbeatEstablished). */
export function given(r: RateRow, gate: HeartbeatGate): boolean {
  return (
    r.preGateReason === null &&
    r.bpm > 0 &&
    r.periodicity >= gate.minPeriodicity &&
    r.cycles >= gate.minCycles &&
    r.rhythmCv <= gate.maxRhythmCv &&
    acfDisagreement({ heartRateBpm: r.bpm, heartRateAcfBpm: r.acfBpm }) <= gate.maxAcfDisagreement
  );
}

export const within5 = (r: RateRow) => Math.abs(r.bpm - r.annotatedBpm) <= 5;
export const wellAnnotated = (r: RateRow) => r.unannotatedSec <= WELL_ANNOTATED_SEC;

export interface GateScore {
  recordings: number;
  given: number;
  givenWithin5: number;
  wellAnnotated: number;
  wellAnnotatedGiven: number;
}

export function scoreGate(rows: RateRow[], gate: HeartbeatGate | ((r: RateRow) => boolean)): GateScore {
  const g = typeof gate === 'function' ? gate : (r: RateRow) => given(r, gate);
  const s: GateScore = { recordings: 0, given: 0, givenWithin5: 0, wellAnnotated: 0, wellAnnotatedGiven: 0 };
  for (const r of rows) {
    const yes = g(r);
    s.recordings++;
    if (yes) s.given++;
    if (yes && within5(r)) s.givenWithin5++;
    if (wellAnnotated(r)) {
      s.wellAnnotated++;
      if (yes) s.wellAnnotatedGiven++;
    }
  }
  return s;
}

const accuracy = (s: GateScore) => s.givenWithin5 / Math.max(1, s.given);
const coverage = (s: GateScore) => s.wellAnnotatedGiven / Math.max(1, s.wellAnnotated);

/**
 * The gate with the most well-annotated coverage among those reaching TARGET_ACCURACY on `rows`;
 * when none reaches it, among those within ACCURACY_SLACK of the best accuracy any gate reaches.
 * Deterministic: ties keep grid order.
 */
export function chooseGate(rows: RateRow[]): HeartbeatGate {
  const scored = candidateGates().map((gate) => {
    const s = scoreGate(rows, gate);
    return { gate, acc: accuracy(s), cov: coverage(s) };
  });
  const best = Math.max(...scored.map((g) => g.acc));
  const floor = Math.min(TARGET_ACCURACY, best - ACCURACY_SLACK);
  let chosen = scored[0]!;
  let chosenOk = false;
  for (const g of scored) {
    const ok = g.acc >= floor;
    if (ok && (!chosenOk || g.cov > chosen.cov || (g.cov === chosen.cov && g.acc > chosen.acc))) {
      chosen = g;
      chosenOk = true;
    }
  }
  return chosen.gate;
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
): { decided: Map<RateRow, boolean>; gates: HeartbeatGate[]; foldOf: Map<RateRow, number> } {
  const folds = gateFolds(rows, k);
  const decided = new Map<RateRow, boolean>();
  const foldOf = new Map<RateRow, number>();
  const gates: HeartbeatGate[] = [];
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
