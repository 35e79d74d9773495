// The heart analysis against the CirCor annotators (the repository's `npm run eval:rate`): for every
// recording with annotated beats, the engine's rate against the annotated one (60 / median
// S1-to-S1 interval, annotations.ts) and its S1/S2 detections against the annotated sounds
// (within 100 ms, Springer 2016), as test/heart.test.ts scores the fixtures, pooled and by age
// group. Rate errors by a factor of about 2 are counted apart: half (two beats taken as one, or
// the breathing period) and double (S1-to-S2 taken as the beat).
//
// A rate is given only when the recording can be judged (../../quality.ts): coverage is the share
// of recordings given a rate, accuracy the share of those rates within 5 bpm. The confidence gate's
// thresholds are chosen on training folds and scored on held-out ones (./rate-gate.ts).
import { readFileSync } from 'node:fs';
import type { Engine } from '../src/engine.js';
import { annotatedHeartRate, parseTsv, scoreSegmentation } from '../src/heart/annotations.js';
import { chooseRateCandidate } from '../src/heart/rate-choice.js';
import { runHeartAnalysis } from '../src/heart/result.js';
import { heartFacts, type HeartFacts } from '../src/heart/rhythm.js';
import { decodeFlac } from '../src/flac.js';
import { toMono } from '../src/wav.js';
import {
  heartVerdict,
  measureSignal,
  RATE_CONFIDENCE,
  RATE_MEASURES,
  signalVerdict,
  type RateConfidenceModel,
} from '../src/quality.js';
import { personGroups, readPatients, readRecordings } from './dataset.js';
import {
  chooseGate,
  crossValidate,
  scoreGate,
  TARGET_ACCURACY,
  WELL_ANNOTATED_SEC,
  wellAnnotated,
  within5,
  type GateScore,
  type RateRow,
} from './rate-gate.js';

/** Analyses every annotated recording once; the rows let any gate be applied afterwards. */
export async function rateRows(
  engine: Engine,
  dir: string,
  progress: (done: number, total: number) => void = () => {},
  /** 'whole': analyse the whole recording (what the product does); 'annotated': the annotated span only. */
  stretch: 'whole' | 'annotated' = 'whole',
): Promise<RateRow[]> {
  const patients = readPatients(dir);
  const persons = personGroups(patients);
  const recordings = readRecordings(dir, patients);
  const rows: RateRow[] = [];
  let done = 0;
  for (const r of recordings) {
    progress(++done, recordings.length);
    const truth = parseTsv(readFileSync(r.path.replace(/\.flac$/, '.tsv'), 'utf8'));
    const annotatedBpm = annotatedHeartRate(truth);
    if (!(annotatedBpm > 0)) continue;
    const flac = await decodeFlac(readFileSync(r.path));
    const whole = toMono(flac.channels);
    const rate = flac.sampleRate;
    const wholeSec = whole.length / rate;
    const annotated = truth.filter((a) => a.state !== 0).reduce((s, a) => s + Math.min(a.end, wholeSec) - a.start, 0);
    // --stretch annotated: analyse only the span the annotators annotated (first to last annotated
    // sound), so the rate is measured over the same seconds as the annotated rate it is scored against.
    const marked = truth.filter((a) => a.state !== 0);
    const from = stretch === 'annotated' && marked.length ? Math.max(0, Math.min(...marked.map((a) => a.start))) : 0;
    const to =
      stretch === 'annotated' && marked.length ? Math.min(wholeSec, Math.max(...marked.map((a) => a.end))) : wholeSec;
    const samples = whole.subarray(Math.round(from * rate), Math.round(to * rate));
    const durationSec = samples.length / rate;
    const slices = engine.noiseQuality(samples, rate);
    const noisyShare = slices.length ? slices.reduce((a, b) => a + b, 0) / slices.length : 0;
    const record = runHeartAnalysis(engine, samples, rate);
    const facts = heartFacts(record, durationSec);
    const reported = chooseRateCandidate(record.candidates);
    const signal = measureSignal(engine, samples, rate);
    const shifted = truth.map((a) => ({ ...a, start: a.start - from, end: a.end - from }));
    const score = scoreSegmentation(facts.segments, shifted, 0.1);
    rows.push({
      person: persons.get(r.patient.id) ?? r.patient.id,
      age: r.patient.age || 'not given',
      annotatedBpm,
      unannotatedSec: Math.max(0, wholeSec - annotated),
      bpm: Number.isFinite(facts.rate.heartRateBpm) ? facts.rate.heartRateBpm : 0,
      acfBpm: facts.rate.heartRateAcfBpm,
      periodicity: facts.rate.periodicity,
      cycles: facts.rate.cycles,
      rhythmCv: facts.rate.rhythmCv,
      s2Contrast: facts.rate.s2Contrast,
      scoreMargin: facts.rate.scoreMargin,
      rateDriftBpm: facts.rate.rateDriftBpm,
      segmentsBpm: Number.isFinite(facts.heartRateBpm) ? facts.heartRateBpm : 0,
      segmentsPeriodicity: facts.periodicity,
      segmentsCycles: facts.cycles,
      signal,
      noisyShare,
      usableSec: facts.usableSec,
      preGateReason: null,
      tp: score.tp,
      fp: score.fp,
      fn: score.fn,
      durationSec,
      noiseSlices: Array.from(slices),
      onsets: (reported?.onsets ?? []).map((o) => [Math.round(o.time * 1000) / 1000, o.clean ? 1 : 0]),
      annotatedSpan: marked.length
        ? [
            Math.min(...marked.map((a) => a.start)) - from,
            Math.min(wholeSec, Math.max(...marked.map((a) => a.end))) - from,
          ]
        : [0, 0],
    });
  }
  return withReasons(rows);
}

/** Sets each row's pre-gate reason from its stored measures with the current quality.ts constants. */
export function withReasons(rows: RateRow[]): RateRow[] {
  for (const r of rows) {
    const facts = {
      heartRateBpm: r.segmentsBpm,
      heartRateAcfBpm: r.acfBpm,
      periodicity: r.segmentsPeriodicity,
      cycles: r.segmentsCycles,
    };
    const pre =
      signalVerdict(r.signal) ??
      heartVerdict({ ...facts, rhythmCv: r.rhythmCv, usableSec: r.usableSec } as HeartFacts, r.noisyShare);
    r.preGateReason = pre.judged ? null : pre.reason;
  }
  return rows;
}

export interface RateEvaluation {
  rows: RateRow[];
  /** Held-out: each fold judged by the gate chosen on the others. */
  heldOut: Record<string, GateScore>;
  /** The gate in quality.ts, applied to every recording (chosen on all of them: in-sample). */
  shipped: GateScore;
  /** The gate chosen on all recordings now (what ../src/heart/rate-confidence.json should hold). */
  chosen: RateConfidenceModel;
  foldGates: RateConfidenceModel[];
  /** Held-out, fold by fold (each judged by the gate chosen on the other four). */
  perFold: GateScore[];
  /** Why the recordings given no rate were refused (held-out decisions). */
  refused: Record<string, number>;
}

export function evaluateRateRows(rows: RateRow[]): RateEvaluation {
  const { decided, gates, foldOf } = crossValidate(rows);
  const perFold = gates.map((_, f) =>
    scoreGate(
      rows.filter((r) => foldOf.get(r) === f),
      (r) => decided.get(r)!,
    ),
  );
  const heldOut: Record<string, GateScore> = {};
  for (const key of ['all', ...new Set(rows.map((r) => r.age))])
    heldOut[key] = scoreGate(
      rows.filter((r) => key === 'all' || r.age === key),
      (r) => decided.get(r)!,
    );
  const refused: Record<string, number> = {};
  for (const r of rows)
    if (!decided.get(r)) {
      const why = r.preGateReason ?? 'rate withheld by the gate';
      refused[why] = (refused[why] ?? 0) + 1;
    }
  return {
    rows,
    heldOut,
    shipped: scoreGate(rows, RATE_CONFIDENCE),
    chosen: chooseGate(rows),
    foldGates: gates,
    perFold,
    refused,
  };
}

const pct = (a: number, n: number) => `${((100 * a) / Math.max(1, n)).toFixed(1)} %`;

/** How an ungated rate relates to the annotated one: right (within 5 bpm), halved (< 0.6×), doubled (> 1.6×), or other. */
export function errorKind(r: RateRow): 'within 5' | 'halved' | 'doubled' | 'other' {
  if (within5(r)) return 'within 5';
  const q = r.bpm / r.annotatedBpm;
  return q < 0.6 ? 'halved' : q > 1.6 ? 'doubled' : 'other';
}

const KINDS = ['within 5', 'halved', 'doubled', 'other'] as const;

/**
 * Where the ungated rates go wrong, by age group (CirCor: infants and children run 100–160 bpm):
 * over every recording, over those judged (quality verdict passed, before the rate gate) and over
 * the judged well-annotated ones, whose coverage the target counts.
 */
function errorBreakdown(rows: RateRow[]): string[] {
  const lines = [
    'ungated rate errors by age group (halved < 0.6×, doubled > 1.6× the annotated rate; other: more than 5 bpm off):',
  ];
  const sets: [string, (r: RateRow) => boolean][] = [
    ['every recording', () => true],
    ['judged', (r) => r.preGateReason === null],
    ['judged, well-annotated', (r) => r.preGateReason === null && wellAnnotated(r)],
  ];
  for (const [name, keep] of sets) {
    const sel = rows.filter(keep);
    lines.push(`  ${name}:`);
    for (const age of ['all', ...new Set(rows.map((r) => r.age))]) {
      const g = sel.filter((r) => age === 'all' || r.age === age);
      if (!g.length) continue;
      const counts = KINDS.map(
        (k) =>
          `${k} ${g.filter((r) => errorKind(r) === k).length} (${pct(g.filter((r) => errorKind(r) === k).length, g.length)})`,
      );
      lines.push(`    ${age.padEnd(11)} ${String(g.length).padStart(5)}: ${counts.join(', ')}`);
    }
  }
  return lines;
}

export function formatRates(e: RateEvaluation): string {
  const lines = [
    `Rates given only when the recording can be judged; gate chosen on 4 folds, scored on the 5th (patient-disjoint; target ≥ ${TARGET_ACCURACY * 100} % within 5 bpm):`,
    'group        recordings  given (coverage)  well-annotated given  within 5 bpm of given  (of well-annotated given)',
  ];
  for (const [k, s] of Object.entries(e.heldOut))
    lines.push(
      `${k.padEnd(12)} ${String(s.recordings).padStart(10)}  ${`${s.given} (${pct(s.given, s.recordings)})`.padStart(16)}  ${`${s.wellAnnotatedGiven}/${s.wellAnnotated} (${pct(s.wellAnnotatedGiven, s.wellAnnotated)})`.padStart(20)}  ${`${s.givenWithin5}/${s.given} (${pct(s.givenWithin5, s.given)})`.padStart(21)}  ${`${s.wellAnnotatedWithin5}/${s.wellAnnotatedGiven} (${pct(s.wellAnnotatedWithin5, s.wellAnnotatedGiven)})`.padStart(24)}`,
    );
  lines.push(`(well-annotated: at most ${WELL_ANNOTATED_SEC} s left unannotated)`);
  const a = e.heldOut['all']!;
  const met = (ok: boolean) => (ok ? 'met' : 'not met');
  const accuracy = a.givenWithin5 / Math.max(1, a.given);
  const coverage = a.wellAnnotatedGiven / Math.max(1, a.wellAnnotated);
  lines.push(
    `targets, held out: within 5 bpm ${a.givenWithin5}/${a.given} = ${(100 * accuracy).toFixed(2)} % (≥ ${TARGET_ACCURACY * 100} %: ${met(accuracy >= TARGET_ACCURACY)}); well-annotated given ${a.wellAnnotatedGiven}/${a.wellAnnotated} = ${(100 * coverage).toFixed(2)} % (≥ 90 %: ${met(coverage >= 0.9)})`,
  );
  lines.push(
    `not given, held-out: ${Object.entries(e.refused)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}`,
  );
  const g = (x: RateConfidenceModel) =>
    `${x.weights.map((w, i) => `${w >= 0 ? '+' : '−'}${Math.abs(w).toFixed(2)}·z(${RATE_MEASURES[i]})`).join(' ')} ${x.bias >= 0 ? '+' : '−'} ${Math.abs(x.bias).toFixed(2)} ≥ ${x.threshold.toFixed(2)}`;
  lines.push(
    `held-out by fold (given, well-annotated given, within 5 bpm of given): ${e.perFold
      .map(
        (s, f) =>
          `${f + 1}: ${s.given}, ${s.wellAnnotatedGiven}/${s.wellAnnotated} (${pct(s.wellAnnotatedGiven, s.wellAnnotated)}), ${s.givenWithin5}/${s.given} (${pct(s.givenWithin5, s.given)})`,
      )
      .join(' | ')}`,
  );
  lines.push(
    `fold gates (log-odds of within 5 bpm, z = standardised on the training folds): ${e.foldGates.map(g).join(' | ')}`,
  );
  lines.push(`chosen on all recordings: ${g(e.chosen)}`);
  const s = e.shipped;
  lines.push(
    `shipped gate (src/heart/rate-confidence.json, in-sample): ${g(RATE_CONFIDENCE)}: given ${pct(s.given, s.recordings)}, well-annotated ${pct(s.wellAnnotatedGiven, s.wellAnnotated)}, within 5 bpm ${pct(s.givenWithin5, s.given)}`,
  );
  lines.push(...errorBreakdown(e.rows));
  // The rate before any gate, as before issue 35, for comparison with the history.
  const all = e.rows;
  const tp = all.reduce((a, r) => a + r.tp, 0);
  const fp = all.reduce((a, r) => a + r.fp, 0);
  const fn = all.reduce((a, r) => a + r.fn, 0);
  lines.push(
    `ungated, every recording: the segments' own rate within 5 bpm ${pct(all.filter((r) => Math.abs(r.segmentsBpm - r.annotatedBpm) <= 5).length, all.length)}; reported rate within 5 bpm ${pct(all.filter(within5).length, all.length)}, halved ${pct(all.filter((r) => r.bpm < 0.6 * r.annotatedBpm).length, all.length)}, doubled ${pct(all.filter((r) => r.bpm > 1.6 * r.annotatedBpm).length, all.length)}, S1/S2 F1 (100 ms) ${((2 * tp) / Math.max(1, 2 * tp + fp + fn)).toFixed(3)}`,
  );
  return lines.join('\n');
}
