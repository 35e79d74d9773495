// Inter-cycle features of the murmur detector: how the 100–400 Hz sound repeats from beat to
// beat. A murmur comes back in every cycle at the same place and with the same shape; a noise
// burst, speech or a movement does not. So every complete cycle's murmur-band level is resampled
// onto a fixed grid (systole and diastole each in PROFILE_POINTS steps, relative to the cycle's own
// S1/S2), and the features are the mean profile, how well each cycle's profile follows it
// (correlation), how many cycles show a systolic or diastolic excess, the spread of that excess,
// and how steady the sound is inside the phase (a murmur fills the phase; clicks and rubs do not).
// Beat-to-beat consistency is one of the cues of the PhysioNet/CinC 2022 entries (e.g. the
// per-beat aggregation in Reyna et al. 2023's summary, PLOS Digit Health 2(9)).
import { HEART_BAND_VALUES } from '../wasm-records.js';
import type { Cycle } from './features.js';

const BANDS = [3, 4, 5, 6] as const;
const PROFILE_POINTS = 4;
/** A cycle "shows" an excess when its phase is this far (dB) above the other phase. */
const SHOW_DB = 3;

export const CYCLE_FEATURE_NAMES: readonly string[] = [
  ...Array.from({ length: PROFILE_POINTS }, (_, i) => `profile.sys${i}`),
  ...Array.from({ length: PROFILE_POINTS }, (_, i) => `profile.dia${i}`),
  'profileCorr.sys',
  'profileCorr.dia',
  'shows.sys',
  'shows.dia',
  'contrast.q10',
  'contrast.q25',
  'contrast.q90',
  'contrast.iqr',
  'steady.sys',
  'steady.dia',
];

function level(bands: Float32Array, f: number): number {
  let s = 0;
  for (const b of BANDS) s += bands[f * HEART_BAND_VALUES + b]!;
  return s / BANDS.length;
}

/** Mean level over [a, b) resampled into n equal parts. */
function resample(bands: Float32Array, [a, b]: [number, number], n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const lo = a + Math.floor(((b - a) * i) / n);
    const hi = Math.max(lo + 1, a + Math.floor(((b - a) * (i + 1)) / n));
    let s = 0;
    for (let f = lo; f < hi; f++) s += level(bands, Math.min(f, b - 1));
    out.push(s / (hi - lo));
  }
  return out;
}

function corr(x: number[], y: number[]): number {
  const n = x.length;
  const mx = x.reduce((a, b) => a + b, 0) / n;
  const my = y.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    // Products, not `**`: a bundler may turn `**` into Math.pow, whose last bit can differ.
    const dx = x[i]! - mx;
    const dy = y[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : 0;
}

function quantile(v: number[], q: number): number {
  const s = Float64Array.from(v).sort();
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo]! + (s[hi]! - s[lo]!) * (pos - lo);
}

/** Standard deviation of the level over the middle of a phase (dB). */
function spread(bands: Float32Array, [a, b]: [number, number]): number {
  const lo = b - a > 2 ? a + 1 : a;
  const hi = b - a > 2 ? b - 1 : b;
  if (hi - lo < 2) return 0;
  let s = 0;
  let s2 = 0;
  for (let f = lo; f < hi; f++) {
    const v = level(bands, f);
    s += v;
    s2 += v * v;
  }
  const m = s / (hi - lo);
  return Math.sqrt(Math.max(0, s2 / (hi - lo) - m * m));
}

/** The inter-cycle features (NaN when fewer than 3 cycles; the caller maps NaN to MISSING). */
export function cycleFeatures(bands: Float32Array, cycles: Cycle[]): number[] {
  if (cycles.length < 3) return CYCLE_FEATURE_NAMES.map(() => NaN);
  const sysP: number[][] = [];
  const diaP: number[][] = [];
  const contrast: number[] = [];
  const steadySys: number[] = [];
  const steadyDia: number[] = [];
  let showSys = 0;
  let showDia = 0;
  for (const c of cycles) {
    const ref = (resample(bands, c.s1, 1)[0]! + resample(bands, c.s2, 1)[0]!) / 2;
    const s = resample(bands, c.sys, PROFILE_POINTS).map((v) => v - ref);
    const d = resample(bands, c.dia, PROFILE_POINTS).map((v) => v - ref);
    sysP.push(s);
    diaP.push(d);
    const sm = s.slice(1, -1).reduce((a, b) => a + b, 0) / (PROFILE_POINTS - 2);
    const dm = d.slice(1, -1).reduce((a, b) => a + b, 0) / (PROFILE_POINTS - 2);
    contrast.push(sm - dm);
    if (sm - dm >= SHOW_DB) showSys++;
    if (dm - sm >= SHOW_DB) showDia++;
    steadySys.push(spread(bands, c.sys));
    steadyDia.push(spread(bands, c.dia));
  }
  const mean = (P: number[][]) =>
    Array.from({ length: PROFILE_POINTS }, (_, i) => P.reduce((a, p) => a + p[i]!, 0) / P.length);
  const ms = mean(sysP);
  const md = mean(diaP);
  const fit = (P: number[][], m: number[]) =>
    quantile(
      P.map((p) => corr(p, m)),
      0.5,
    );
  const n = cycles.length;
  return [
    ...ms,
    ...md,
    fit(sysP, ms),
    fit(diaP, md),
    showSys / n,
    showDia / n,
    quantile(contrast, 0.1),
    quantile(contrast, 0.25),
    quantile(contrast, 0.9),
    quantile(contrast, 0.75) - quantile(contrast, 0.25),
    quantile(steadySys, 0.5),
    quantile(steadyDia, 0.5),
  ];
}
