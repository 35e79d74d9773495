// Patient-disjoint k-fold cross-validation of the whole detector: per outer fold, the shipped
// fitting procedure (models and thresholds, thresholds from the training folds' own
// out-of-fold predictions) runs on the other folds and predicts this one.
import { murmurStatus, type MurmurModel } from '../src/murmur/detect.js';
import { estimateFromProfiles, type TimingParams } from '../src/murmur/timing.js';
import {
  assignFolds,
  auc,
  bootstrap,
  chooseThresholds,
  fitModel,
  networkJobs,
  patientResults,
  scoreRow,
  scorePatients,
  SENSITIVITY_TARGET,
  type PatientResult,
  type PatientScores,
  type Scored,
} from './cv.js';
import type { Engine } from '../src/engine.js';
import { trainCnns } from './cnn-train.js';
import type { Dataset, Row } from './extract.js';
import {
  fitTiming,
  formatClasses,
  PATTERNS,
  prepare,
  scoreClasses,
  SHAPES,
  type ClassScores,
  type TimingItem,
} from './timing-fit.js';
import { timingItem } from './timing-data.js';

/** The benchmark fixtures' CirCor patients (benchmarks/fixtures/audio): reported out of fold. */
const FIXTURE_PATIENTS = ['49574', '49712', '49691', '85119', '50017', '49974', '49638'];

export interface Evaluation {
  folds: number;
  patients: number;
  recordings: number;
  patient: PatientScores & { ci95: ReturnType<typeof bootstrap> };
  recording: { sensitivity: number; specificity: number; auc: number; murmur: number; absent: number };
  perFold: {
    fold: number;
    weightedAccuracy: number;
    sensitivity: number;
    specificity: number;
    thresholds: MurmurModel['thresholds'];
  }[];
  /** Per age group: Present-vs-Absent sensitivity and specificity (failure modes). */
  byAge: Record<string, { present: number; sensitivity: number; absent: number; specificity: number }>;
  /** Per site: recording-level sensitivity on murmur recordings, specificity on absent recordings. */
  bySite: Record<string, { sensitivity: number; specificity: number }>;
  /**
   * Timing and shape of the Present patients called present, at the most audible location, with
   * thresholds fitted on the training folds' Present patients: phase right of judged (one annotated
   * phase), then systolic pattern and shape (given / right per class).
   */
  timing: {
    judged: number;
    phaseCorrect: number;
    pattern: ClassScores<(typeof PATTERNS)[number]>;
    shape: ClassScores<(typeof SHAPES)[number]>;
    params: TimingParams[];
  };
  fixtures: { patient: string; label: string; predicted: string; maxP: number }[];
  /**
   * The patient weighted accuracy of the best thresholds for the test folds' own predictions,
   * chosen with hindsight: not a score (it tunes on the answers) but the most any threshold rule
   * could get from these probabilities, with no sensitivity floor and with the shipped one.
   */
  ceiling: { anySensitivity: number; atTarget: number };
}

/** The most audible location's rows of each Present patient, by patient id. */
function loudestRows(rows: Row[]): Map<string, Row[]> {
  const out = new Map<string, Row[]>();
  for (const r of rows)
    if (r.patient.murmur === 'Present' && r.site === r.patient.mostAudible)
      out.set(r.patient.id, [...(out.get(r.patient.id) ?? []), r]);
  return out;
}

/** The Present patients' systolic timing items, pooled over their most audible location's recordings. */
function systolicItems(rows: Row[]): TimingItem[] {
  const out: TimingItem[] = [];
  for (const rs of loudestRows(rows).values()) {
    const item = timingItem(
      rs[0]!.patient,
      rs[0]!.person,
      'systolic',
      rs.flatMap((r) => r.profiles.systolic),
    );
    if (item) out.push(item);
  }
  return out;
}

/**
 * `seed` is the networks' first seed: the shipped weights' CNN_SEED, or another one to see how much
 * the scores owe to it.
 */
export function evaluate(engine: Engine, { rows }: Dataset, k: number, seed: number): Evaluation {
  const folds = assignFolds(rows, k, 'outer');
  const scored: (Scored & { status: ReturnType<typeof murmurStatus>['status'] })[] = [];
  const perFold: Evaluation['perFold'] = [];
  const timingParams = new Map<string, TimingParams>();
  const foldParams: TimingParams[] = [];
  // Every fold's networks in one Python run: (FOLDS + 1) per outer fold.
  const trains = Array.from({ length: k }, (_, f) => rows.filter((r) => folds.get(r.person) !== f));
  const jobs = trains.map(networkJobs);
  const nets = trainCnns(rows, jobs.flat(), seed);
  for (let f = 0; f < k; f++) {
    const train = trains[f]!;
    const test = rows.filter((r) => folds.get(r.person) === f);
    const per = jobs[f]!.length;
    const model = fitModel(
      engine,
      train,
      { recordings: train.length, patients: 0, date: '', command: 'eval' },
      nets.slice(f * per, (f + 1) * per),
    );
    const tp = fitTiming(prepare(systolicItems(train)));
    foldParams.push(tp);
    for (const r of test) timingParams.set(r.patient.id, tp);
    const part = test.map((row) => {
      const { p, u } = scoreRow(engine, model, row);
      return { row, p, u, status: murmurStatus(model, p, u, row).status };
    });
    scored.push(...part);
    const s = scorePatients(patientResults(part, (x) => (x as (typeof part)[number]).status));
    perFold.push({
      fold: f,
      weightedAccuracy: s.weightedAccuracy,
      sensitivity: s.sensitivity,
      specificity: s.specificity,
      thresholds: model.thresholds,
    });
  }
  const statusOf = (s: Scored) => (s as (typeof scored)[number]).status;
  const results = patientResults(scored, statusOf);
  const patient = { ...scorePatients(results), ci95: bootstrap(results) };
  const murmurRecs = scored.filter((s) => s.row.label === 'present');
  const absentRecs = scored.filter((s) => s.row.label === 'absent');
  const recording = {
    sensitivity: murmurRecs.filter((s) => statusOf(s) === 'present').length / murmurRecs.length,
    specificity: absentRecs.filter((s) => statusOf(s) !== 'present').length / absentRecs.length,
    auc: auc(
      murmurRecs.map((s) => s.p),
      absentRecs.map((s) => s.p),
    ),
    murmur: murmurRecs.length,
    absent: absentRecs.length,
  };
  const byAge: Evaluation['byAge'] = {};
  const age = (r: PatientResult) => rows.find((x) => x.patient.id === r.id)!.patient.age || 'not given';
  for (const a of [...new Set(results.map(age))].sort()) {
    const group = results.filter((r) => age(r) === a);
    const pres = group.filter((r) => r.label === 'Present');
    const abs = group.filter((r) => r.label === 'Absent');
    byAge[a] = {
      present: pres.length,
      sensitivity: pres.filter((r) => r.predicted === 'present').length / pres.length,
      absent: abs.length,
      specificity: abs.filter((r) => r.predicted !== 'present').length / abs.length,
    };
  }
  const bySite: Evaluation['bySite'] = {};
  for (const site of ['AV', 'PV', 'TV', 'MV']) {
    const m = murmurRecs.filter((s) => s.row.site === site);
    const a = absentRecs.filter((s) => s.row.site === site);
    bySite[site] = {
      sensitivity: m.filter((s) => statusOf(s) === 'present').length / m.length,
      specificity: a.filter((s) => statusOf(s) !== 'present').length / a.length,
    };
  }
  // Timing and shape, per Present patient called present with one annotated phase, from the
  // recordings at the most audible location, with the thresholds of the patient's outer fold.
  const loudest = loudestRows(rows);
  const timingPairs: { want: TimingItem; got: ReturnType<typeof estimateFromProfiles>; phase: string }[] = [];
  let judged = 0;
  let phaseCorrect = 0;
  for (const r of results.filter((x) => x.label === 'Present' && x.predicted === 'present')) {
    const rs = loudest.get(r.id);
    if (!rs) continue;
    const { systolicTiming: sys, diastolicTiming: dia } = rs[0]!.patient;
    if (!!sys === !!dia) continue;
    const excess = rs.flatMap((x) => x.excess);
    const med = (v: number[]) => Float64Array.from(v).sort()[v.length >> 1] ?? 0;
    const phase = med(excess.map((e) => e.systole)) >= med(excess.map((e) => e.diastole)) ? 'systolic' : 'diastolic';
    judged++;
    if (phase === (sys ? 'systolic' : 'diastolic')) phaseCorrect++;
    const item = timingItem(
      rs[0]!.patient,
      rs[0]!.person,
      'systolic',
      rs.flatMap((x) => x.profiles.systolic),
    );
    if (!item) continue;
    const got = estimateFromProfiles(item.profiles, timingParams.get(r.id)!);
    // A diastolic call gives no systolic timing: counted as not given.
    timingPairs.push({ want: item, got, phase });
  }
  const timing = {
    judged,
    phaseCorrect,
    pattern: scoreClasses(
      PATTERNS,
      timingPairs.map((t) => ({ want: t.want.want, got: t.phase === 'systolic' ? t.got.pattern : null })),
    ),
    shape: scoreClasses(
      SHAPES,
      timingPairs.map((t) => ({ want: t.want.wantShape, got: t.phase === 'systolic' ? t.got.shape : null })),
    ),
    params: foldParams,
  };
  const fixtures = FIXTURE_PATIENTS.map((id) => {
    const r = results.find((x) => x.id === id);
    return { patient: id, label: r?.label ?? 'not in the set', predicted: r?.predicted ?? '-', maxP: r?.maxP ?? NaN };
  });
  return {
    folds: k,
    patients: results.length,
    recordings: rows.length,
    patient,
    recording,
    perFold,
    byAge,
    bySite,
    timing,
    fixtures,
    ceiling: {
      anySensitivity: chooseThresholds(scored, 0).weightedAccuracy,
      atTarget: chooseThresholds(scored).weightedAccuracy,
    },
  };
}

const pct = (v: number) => (Number.isFinite(v) ? v.toFixed(3) : 'n/a');
const ci = ([a, b]: [number, number]) => `[${pct(a)}, ${pct(b)}]`;

export function formatEvaluation(e: Evaluation, run: { machine: string; seconds: number; dir: string }): string {
  const p = e.patient;
  const lines = [
    `Murmur detector, patient-disjoint ${e.folds}-fold cross-validation on ${run.dir}`,
    `${e.patients} patients, ${e.recordings} recordings; ${run.machine}; ${run.seconds.toFixed(0)} s`,
    '',
    `patient weighted accuracy (challenge 2022)  ${pct(p.weightedAccuracy)}  95 % CI ${ci(p.ci95.weightedAccuracy)}`,
    `patient sensitivity, Present vs Absent      ${pct(p.sensitivity)}  95 % CI ${ci(p.ci95.sensitivity)}`,
    `patient specificity, Present vs Absent      ${pct(p.specificity)}  95 % CI ${ci(p.ci95.specificity)}`,
    `patient ROC AUC (highest recording p)       ${pct(p.auc)}  95 % CI ${ci(p.ci95.auc)}`,
    `recording sensitivity (${e.recording.murmur} murmur recordings)  ${pct(e.recording.sensitivity)}`,
    `recording specificity (${e.recording.absent} absent recordings) ${pct(e.recording.specificity)}`,
    `recording ROC AUC                            ${pct(e.recording.auc)}`,
    '',
    'confusion (rows: label; columns: predicted present / unknown / absent)',
    ...(['Present', 'Unknown', 'Absent'] as const).map(
      (l) => `  ${l.padEnd(8)} ${p.confusion[l].present} / ${p.confusion[l].unknown} / ${p.confusion[l].absent}`,
    ),
    '',
    'per fold: weighted accuracy, sensitivity, specificity, thresholds (present, unknown)',
    ...e.perFold.map(
      (f) =>
        `  ${f.fold}: ${pct(f.weightedAccuracy)} ${pct(f.sensitivity)} ${pct(f.specificity)}  (${f.thresholds.present}, ${f.thresholds.unknown})`,
    ),
    '',
    'by age group: Present sensitivity (n), Absent specificity (n)',
    ...Object.entries(e.byAge).map(
      ([a, s]) => `  ${a.padEnd(11)} ${pct(s.sensitivity)} (${s.present})  ${pct(s.specificity)} (${s.absent})`,
    ),
    'by site (recordings): sensitivity, specificity',
    ...Object.entries(e.bySite).map(([k, s]) => `  ${k} ${pct(s.sensitivity)} ${pct(s.specificity)}`),
    '',
    `timing of the ${e.timing.judged} Present patients called present with one annotated phase, at the most audible location: phase right for ${e.timing.phaseCorrect}`,
    ...formatClasses('systolic timing', PATTERNS, e.timing.pattern),
    ...formatClasses('systolic shape', SHAPES, e.timing.shape),
    'fixture patients, out of fold (label → predicted, highest p):',
    ...e.fixtures.map((f) => `  ${f.patient}: ${f.label} → ${f.predicted} (${pct(f.maxP)})`),
    '',
    'ceiling: thresholds chosen with hindsight on these test predictions (an upper bound, not a score)',
    `  weighted accuracy ${pct(e.ceiling.atTarget)} at sensitivity ≥ ${pct(SENSITIVITY_TARGET)}, ${pct(e.ceiling.anySensitivity)} at any sensitivity`,
  ];
  return lines.join('\n');
}
