// Where in its phase a murmur sits (timing) and how its loudness runs (shape), from the murmur's
// envelope: per complete cycle, the 100–400 Hz level across the phase, resampled onto
// PROFILE_POINTS equal steps between the cycle's own heart sounds and taken relative to the other,
// quiet phase; then the median over the cycles at each step. The classes are the CirCor
// annotators' (Oliveira et al., IEEE JBHI 2022, doi:10.1109/JBHI.2021.3137048): timing early, mid,
// late or holo- (the whole phase), shape crescendo, decrescendo, diamond (crescendo-decrescendo)
// or plateau. The thresholds are fitted patient-disjointly (./train/timing-fit.ts) and shipped in
// ./timing.json; when the pattern or the shape does not come out the same in most resamplings of
// the cycles, it is left unsaid (null), so a report says only "systolic murmur".
import { HEART_BAND_VALUES } from '../wasm-records.js';
import { median } from '../stats.js';
import type { Cycle } from './features.js';
import params from './timing.json' with { type: 'json' };

export type MurmurPhase = 'systolic' | 'diastolic';
/** Where in its phase the murmur sits; null when unsure. */
export type MurmurPattern = 'holo' | 'early' | 'mid' | 'late' | null;
/** How the murmur's loudness runs over its span; null when unsure. */
export type MurmurShape = 'crescendo' | 'decrescendo' | 'diamond' | 'plateau' | null;

export const PROFILE_POINTS = 8;
const BANDS = [3, 4, 5, 6] as const;
/** Cycle resamplings behind the agreement (confidence) of a pattern or a shape. */
const RESAMPLES = 40;

export interface TimingParams {
  /** A step is filled when it is within this many dB of the profile's loudest step. */
  fillDb: number;
  /** …and at least this many dB above the quiet phase. */
  floorDb: number;
  /** Holo- when at least this share of the steps is filled. */
  holoShare: number;
  /** Else early when the filled steps' centre (0–1 of the phase) is below this, late above lateCentre, else mid. */
  earlyCentre: number;
  lateCentre: number;
  /** Plateau when the filled span's thirds are within this many dB of each other. */
  plateauDb: number;
  /** The share of resamplings that must agree with the pattern (shape) for it to be said. */
  patternAgreement: number;
  shapeAgreement: number;
}

export interface TimingModel {
  params: TimingParams;
  trainedOn: { patients: number; date: string; command: string };
}

export const TIMING_MODEL = params as TimingModel;

function level(bands: Float32Array, f: number): number {
  let s = 0;
  for (const b of BANDS) s += bands[f * HEART_BAND_VALUES + b]!;
  return s / BANDS.length;
}

/**
 * One cycle's envelope across its systole (or diastole), dB above the middle of the other phase:
 * the frame levels (without the phase's first and last frame when it has more than 4) linearly
 * interpolated at the centres of PROFILE_POINTS equal steps. Null when the phase is shorter than 2
 * frames.
 */
export function cycleProfile(bands: Float32Array, c: Cycle, phase: MurmurPhase): number[] | null {
  // One frame off each end of the phase, where the heart sounds leak in (as features.ts middle()).
  const [pa, pb] = phase === 'systolic' ? c.sys : c.dia;
  const [a, b] = pb - pa > 4 ? [pa + 1, pb - 1] : [pa, pb];
  const [qa, qb] = phase === 'systolic' ? c.dia : c.sys;
  if (b - a < 2 || qb - qa < 1) return null;
  const quiet: number[] = [];
  const lo = qb - qa > 2 ? qa + 1 : qa;
  const hi = qb - qa > 2 ? qb - 1 : qb;
  for (let f = lo; f < hi; f++) quiet.push(level(bands, f));
  const ref = median(quiet);
  const out: number[] = [];
  for (let i = 0; i < PROFILE_POINTS; i++) {
    // Frame f covers [f, f + 1): its centre is f + 0.5.
    const pos = a + ((b - a) * (i + 0.5)) / PROFILE_POINTS - 0.5;
    const f0 = Math.max(a, Math.min(b - 1, Math.floor(pos)));
    const f1 = Math.min(b - 1, f0 + 1);
    const w = Math.max(0, Math.min(1, pos - f0));
    out.push(level(bands, f0) * (1 - w) + level(bands, f1) * w - ref);
  }
  return out;
}

/** The median over the cycles at each step (null without a cycle). */
export function medianProfile(profiles: number[][]): number[] | null {
  if (!profiles.length) return null;
  return Array.from({ length: PROFILE_POINTS }, (_, i) => median(profiles.map((p) => p[i]!)));
}

/** The filled steps of a profile: within fillDb of the loudest and at least floorDb above the quiet phase. */
function filled(p: number[], t: TimingParams): boolean[] {
  const top = Math.max(...p);
  return p.map((v) => v >= top - t.fillDb && v >= t.floorDb);
}

function patternOfProfile(p: number[], t: TimingParams): MurmurPattern {
  const on = filled(p, t);
  const n = on.filter(Boolean).length;
  if (!n) return null;
  if (n / p.length >= t.holoShare) return 'holo';
  let c = 0;
  on.forEach((x, i) => (c += x ? (i + 0.5) / p.length : 0));
  c /= n;
  return c < t.earlyCentre ? 'early' : c > t.lateCentre ? 'late' : 'mid';
}

/**
 * The shape over the murmur's audible span (first to last step at least floorDb above the quiet
 * phase): the mean level of its first, middle and last thirds; plateau when they are within plateauDb of each other, else by where the
 * loudest third is: first = decrescendo, middle = diamond, last = crescendo.
 */
function shapeOfProfile(p: number[], t: TimingParams): MurmurShape {
  const on = p.map((v) => v >= t.floorDb);
  const first = on.indexOf(true);
  if (first < 0) return null;
  const last = on.lastIndexOf(true);
  // At least three steps, widened around the span where it is narrower.
  let a = first;
  let b = last + 1;
  while (b - a < 3) {
    if (a > 0) a--;
    if (b - a < 3 && b < p.length) b++;
  }
  const span = p.slice(a, b);
  const k = span.length / 3;
  const part = (i: number) => {
    const lo = Math.floor(i * k);
    const hi = Math.max(lo + 1, Math.floor((i + 1) * k));
    return span.slice(lo, hi).reduce((s, v) => s + v, 0) / (hi - lo);
  };
  const thirds = [part(0), part(1), part(2)];
  const top = Math.max(...thirds);
  if (top - Math.min(...thirds) < t.plateauDb) return 'plateau';
  const at = thirds.indexOf(top);
  return at === 0 ? 'decrescendo' : at === 1 ? 'diamond' : 'crescendo';
}

/** A fixed pseudo-random sequence (Park–Miller), so the agreement is the same on every run. */
function lcg(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 16807) % 2147483647) / 2147483647;
}

/**
 * The median profiles of RESAMPLES resamplings of the cycles (drawn with replacement, a fixed
 * sequence): the spread of the pattern and shape over them is the confidence.
 */
export function resampledProfiles(profiles: number[][]): number[][] {
  const rand = lcg(20261207);
  const out: number[][] = [];
  for (let r = 0; r < RESAMPLES; r++) {
    const pick = profiles.map(() => profiles[Math.floor(rand() * profiles.length)]!);
    out.push(medianProfile(pick)!);
  }
  return out;
}

export interface PhaseEstimate {
  pattern: MurmurPattern;
  shape: MurmurShape;
  /** Share of the resamplings that agree with the pattern (shape) of all the cycles (0–1). */
  patternAgreement: number;
  shapeAgreement: number;
}

/** The pattern and shape of the cycles' profiles, each null when too few resamplings agree. */
export function estimateFromProfiles(profiles: number[][], t: TimingParams = TIMING_MODEL.params): PhaseEstimate {
  const p = medianProfile(profiles);
  if (!p) return { pattern: null, shape: null, patternAgreement: 0, shapeAgreement: 0 };
  const resampled = resampledProfiles(profiles);
  return decide(p, resampled, t);
}

/** One estimate from the median profile and its resamplings, with its agreement (0 when none). */
function agreed<T>(
  f: (q: number[]) => T | null,
  p: number[],
  resampled: number[][],
): { value: T | null; agreement: number } {
  const value = f(p);
  if (value === null) return { value, agreement: 0 };
  return { value, agreement: resampled.filter((q) => f(q) === value).length / resampled.length };
}

export function decidePattern(
  p: number[],
  resampled: number[][],
  t: TimingParams,
): { value: MurmurPattern; agreement: number } {
  return agreed((q) => patternOfProfile(q, t), p, resampled);
}

export function decideShape(
  p: number[],
  resampled: number[][],
  t: TimingParams,
): { value: MurmurShape; agreement: number } {
  return agreed((q) => shapeOfProfile(q, t), p, resampled);
}

/** The estimate from the median profile and its resamplings, each part null when too few resamplings agree. */
export function decide(p: number[], resampled: number[][], t: TimingParams): PhaseEstimate {
  const pattern = decidePattern(p, resampled, t);
  const shape = decideShape(p, resampled, t);
  const timed = pattern.agreement >= t.patternAgreement;
  return {
    pattern: timed ? pattern.value : null,
    // A shape is said only with a timing: where the murmur's extent is unsure, so is its shape.
    shape: timed && shape.agreement >= t.shapeAgreement ? shape.value : null,
    patternAgreement: pattern.agreement,
    shapeAgreement: shape.agreement,
  };
}

/** The murmur's pattern and shape in its phase from the recording's complete cycles. */
export function estimateTiming(
  bands: Float32Array,
  cycles: Cycle[],
  phase: MurmurPhase,
  t?: TimingParams,
): PhaseEstimate {
  const profiles = cycles.map((c) => cycleProfile(bands, c, phase)).filter((p): p is number[] => p !== null);
  return estimateFromProfiles(profiles, t);
}
