// Fitting and scoring the murmur timing and shape estimator (../timing.ts) on CirCor's per-patient
// annotations, at each patient's most audible location. The thresholds are chosen by grid search on
// the training patients only; a timing (shape) is worth saying when it is right at least
// ANSWER_PRECISION of the time, so the search maximises correct − wrong · p/(1 − p) with p =
// ANSWER_PRECISION: an answer gains 1 when right and loses 3 when wrong, and saying nothing
// ("systolic murmur") scores 0, which makes an answer pay only when it is right ≥ 75 % of the time.
import {
  decide,
  decidePattern,
  decideShape,
  medianProfile,
  resampledProfiles,
  type MurmurPattern,
  type MurmurShape,
  type TimingParams,
} from '../src/murmur/timing.js';

const ANSWER_PRECISION = 0.75;
const WRONG_COST = ANSWER_PRECISION / (1 - ANSWER_PRECISION);

/** One patient's murmur in one phase: the annotation and the per-cycle profiles at the most audible location. */
export interface TimingItem {
  /** The person's group id (patient-disjoint folds). */
  person: string;
  patient: string;
  want: Exclude<MurmurPattern, null> | null;
  wantShape: Exclude<MurmurShape, null> | null;
  profiles: number[][];
}

export const PATTERN_OF: Record<string, Exclude<MurmurPattern, null>> = {
  Holosystolic: 'holo',
  'Early-systolic': 'early',
  'Mid-systolic': 'mid',
  'Late-systolic': 'late',
  Holodiastolic: 'holo',
  'Early-diastolic': 'early',
  'Mid-diastolic': 'mid',
};

export const SHAPE_OF: Record<string, Exclude<MurmurShape, null>> = {
  Crescendo: 'crescendo',
  Decrescendo: 'decrescendo',
  Diamond: 'diamond',
  Plateau: 'plateau',
};

interface Prepared {
  item: TimingItem;
  p: number[];
  resampled: number[][];
}

export function prepare(items: TimingItem[]): Prepared[] {
  return items
    .filter((item) => item.profiles.length > 0)
    .map((item) => ({ item, p: medianProfile(item.profiles)!, resampled: resampledProfiles(item.profiles) }));
}

const GRID = {
  fillDb: [2, 3, 4, 5, 6, 8, 10],
  floorDb: [0, 2, 3, 4, 5, 6],
  holoShare: [0.5, 0.625, 0.75, 0.875, 1],
  earlyCentre: [0.35, 0.4, 0.45, 0.5],
  lateCentre: [0.55, 0.6, 0.65],
  plateauDb: [1, 2, 3, 4, 5, 6],
  agreement: [0, 0.5, 0.6, 0.7, 0.8, 0.9, 1],
};

const utility = (right: number, wrong: number) => right - WRONG_COST * wrong;

/**
 * The thresholds that score best on these patients: first the timing ones (fill, holo share,
 * centres, agreement), then with that fill the shape ones (plateau, agreement). Ties keep the
 * first in grid order, so the result is the same on every run.
 */
export function fitTiming(data: Prepared[]): TimingParams {
  let best: TimingParams | null = null;
  let bestU = -Infinity;
  for (const fillDb of GRID.fillDb)
    for (const floorDb of GRID.floorDb)
      for (const holoShare of GRID.holoShare)
        for (const earlyCentre of GRID.earlyCentre)
          for (const lateCentre of GRID.lateCentre) {
            const base = { fillDb, floorDb, holoShare, earlyCentre, lateCentre, plateauDb: 3, shapeAgreement: 1 };
            // Agreement per patient does not depend on the agreement threshold: compute once.
            const runs = data.map((d) => ({ d, e: decidePattern(d.p, d.resampled, { ...base, patternAgreement: 0 }) }));
            for (const patternAgreement of GRID.agreement) {
              let right = 0;
              let wrong = 0;
              for (const { d, e } of runs) {
                if (!d.item.want || !e.value || e.agreement < patternAgreement) continue;
                if (e.value === d.item.want) right++;
                else wrong++;
              }
              const u = utility(right, wrong);
              if (u > bestU) {
                bestU = u;
                best = { ...base, patternAgreement };
              }
            }
          }
  const t = best!;
  let shapeBest = { plateauDb: 3, shapeAgreement: 1 };
  let shapeU = -Infinity;
  for (const plateauDb of GRID.plateauDb) {
    // Shapes are said only with a timing (decide()): score them on the timed patients only.
    const timed = data.filter((d) => {
      const e = decidePattern(d.p, d.resampled, t);
      return e.value !== null && e.agreement >= t.patternAgreement;
    });
    const runs = timed.map((d) => ({ d, e: decideShape(d.p, d.resampled, { ...t, plateauDb, shapeAgreement: 0 }) }));
    for (const shapeAgreement of GRID.agreement) {
      let right = 0;
      let wrong = 0;
      for (const { d, e } of runs) {
        if (!d.item.wantShape || !e.value || e.agreement < shapeAgreement) continue;
        if (e.value === d.item.wantShape) right++;
        else wrong++;
      }
      const u = utility(right, wrong);
      if (u > shapeU) {
        shapeU = u;
        shapeBest = { plateauDb, shapeAgreement };
      }
    }
  }
  return { ...t, ...shapeBest };
}

/** FNV-1a of the person id: a fixed fold per person that does not depend on the platform. */
function foldOf(person: string, k: number): number {
  let h = 2166136261;
  for (let i = 0; i < person.length; i++) {
    h ^= person.charCodeAt(i);
    h = Math.imul(h, 16777619) >>> 0;
  }
  return h % k;
}

export interface TimingPrediction {
  item: TimingItem;
  pattern: MurmurPattern;
  shape: MurmurShape;
}

/** Patient-disjoint k-fold cross-validation: each fold predicted with thresholds fitted on the others. */
export function crossValidateTiming(data: Prepared[], k: number): TimingPrediction[] {
  const out: TimingPrediction[] = [];
  for (let f = 0; f < k; f++) {
    const train = data.filter((d) => foldOf(d.item.person, k) !== f);
    const test = data.filter((d) => foldOf(d.item.person, k) === f);
    if (!test.length) continue;
    const t = fitTiming(train);
    for (const d of test) {
      const e = decide(d.p, d.resampled, t);
      out.push({ item: d.item, pattern: e.pattern, shape: e.shape });
    }
  }
  return out;
}

export interface ClassScores<C extends string> {
  /** Patients with an annotation of this kind. */
  annotated: number;
  /** …of whom the estimator gave one. */
  given: number;
  right: number;
  /** Rows: annotated class; columns: predicted class or 'none'. */
  confusion: Record<C, Record<C | 'none', number>>;
}

export function scoreClasses<C extends string>(
  classes: readonly C[],
  pairs: { want: C | null; got: C | null }[],
): ClassScores<C> {
  const confusion = Object.fromEntries(
    classes.map((c) => [c, Object.fromEntries([...classes, 'none'].map((x) => [x, 0]))]),
  ) as Record<C, Record<C | 'none', number>>;
  let annotated = 0;
  let given = 0;
  let right = 0;
  for (const { want, got } of pairs) {
    if (!want) continue;
    annotated++;
    confusion[want][got ?? 'none']++;
    if (!got) continue;
    given++;
    if (got === want) right++;
  }
  return { annotated, given, right, confusion };
}

const f3 = (v: number) => (Number.isFinite(v) ? v.toFixed(3) : 'n/a');

export function formatClasses<C extends string>(title: string, classes: readonly C[], s: ClassScores<C>): string[] {
  const lines = [
    `${title}: right ${s.right} of ${s.given} given (accuracy ${f3(s.right / s.given)}); given for ${s.given} of ${s.annotated} annotated`,
    `  confusion (rows: annotated; columns: ${[...classes, 'none'].join(' / ')}), per-class accuracy among given`,
  ];
  for (const c of classes) {
    const row = s.confusion[c];
    const given = classes.reduce((a, x) => a + row[x], 0);
    lines.push(
      `  ${c.padEnd(12)} ${[...classes, 'none'].map((x) => String(row[x as C | 'none'])).join(' / ')}   ${f3(row[c] / given)} (${given})`,
    );
  }
  return lines;
}

export const PATTERNS = ['holo', 'early', 'mid', 'late'] as const;
export const SHAPES = ['plateau', 'decrescendo', 'diamond', 'crescendo'] as const;
