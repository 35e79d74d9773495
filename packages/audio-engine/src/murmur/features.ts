// The murmur detector's features of one recording, from what the heart analysis already computed:
// the S1/systole/S2/diastole segmentation, the unusable spans, the band powers per 20 ms frame
// (assembly/analysis/heart/bands.ts) and the quality figures.
//
// The idea is the clinician's: a murmur is sound where the heart should be quiet. So, per
// complete cardiac cycle, the band powers of mid-systole and mid-diastole are compared with the
// same cycle's S1 and S2 and with each other (phase-relative band energies as in Potes et al.
// 2016, CinC 43, and the per-state spectral features of the PhysioNet/CinC 2022 entries, e.g.
// Reyna et al. 2023's summary, PLOS Digit Health 2(9)), and summarised over the cycles by median
// and upper quartile, which a few noisy cycles do not move. Relative levels make the features
// independent of the recording gain. The rest describes how trustworthy the recording is
// (periodicity, usable share, noisy seconds, rhythm regularity, spectral shape), which the
// "unknown" decision needs: the CirCor annotators called a murmur unknown when the recording
// was too poor to tell (Oliveira et al. 2022).
import type { HeartFacts } from '../heart/rhythm.js';
import type { HeartRecord } from '../heart/result.js';
import { HEART_BAND_COUNT, HEART_BAND_VALUES } from '../wasm-records.js';
import { CYCLE_FEATURE_NAMES, cycleFeatures } from './cycle-features.js';

/** Frames (20 ms) cut from each end of a systole or diastole, where S1/S2 leak in through segmentation error. */
const EDGE_FRAMES = 1;
/** Bands 3–6 (100–400 Hz): where murmurs rise above the quiet systole of a normal heart. */
const MURMUR_BANDS = [3, 4, 5, 6] as const;
/** Missing value (no complete cycle): far below every real feature, so a tree can set it apart. */
export const MISSING = -999;

/** One complete cycle's frame ranges [start, end). */
export interface Cycle {
  s1: [number, number];
  sys: [number, number];
  s2: [number, number];
  dia: [number, number];
}

/** Complete S1 → systole → S2 → diastole cycles that touch no unusable span, as frame ranges. */
export function completeCycles(record: HeartRecord): Cycle[] {
  const fr = record.frameRate;
  const bad = new Uint8Array(record.frameCount);
  for (const u of record.unusableSpans)
    for (let f = Math.round(u.start * fr); f < Math.round(u.end * fr); f++) bad[f] = 1;
  const seg = record.segments.map((s) => ({ state: s.state, a: Math.round(s.start * fr), b: Math.round(s.end * fr) }));
  const cycles: Cycle[] = [];
  // The first and last segments may be cut by the recording's ends: whole cycles only.
  for (let i = 1; i + 3 < seg.length - 1; i++) {
    const [a, b, c, d] = [seg[i]!, seg[i + 1]!, seg[i + 2]!, seg[i + 3]!];
    if (a.state !== 'S1' || b.state !== 'systole' || c.state !== 'S2' || d.state !== 'diastole') continue;
    let clean = true;
    for (let f = a.a; f < d.b && clean; f++) if (bad[f]) clean = false;
    if (clean) cycles.push({ s1: [a.a, a.b], sys: [b.a, b.b], s2: [c.a, c.b], dia: [d.a, d.b] });
  }
  return cycles;
}

function quantile(v: number[] | Float64Array, q: number): number {
  return quantileSorted(Float64Array.from(v).sort(), q);
}

/** Linear-interpolated quantile of ascending values (typed-array sort: numeric, and ~10× faster). */
function quantileSorted(s: Float64Array, q: number): number {
  if (!s.length) return MISSING;
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo]! + (s[hi]! - s[lo]!) * (pos - lo);
}

/** Mean of value `k` over frames [a, b) of the band matrix. */
function meanOf(bands: Float32Array, a: number, b: number, k: number): number {
  let s = 0;
  for (let f = a; f < b; f++) s += bands[f * HEART_BAND_VALUES + k]!;
  return b > a ? s / (b - a) : NaN;
}

/** Minimum of value `k` over frames [a, b) of the band matrix. */
function minOf(bands: Float32Array, a: number, b: number, k: number): number {
  let m = Infinity;
  for (let f = a; f < b; f++) m = Math.min(m, bands[f * HEART_BAND_VALUES + k]!);
  return b > a ? m : NaN;
}

/** The middle of a phase: EDGE_FRAMES off each end when that leaves at least one frame. */
function middle([a, b]: [number, number]): [number, number] {
  return b - a > 2 * EDGE_FRAMES ? [a + EDGE_FRAMES, b - EDGE_FRAMES] : [a, b];
}

/** Thirds of a phase (at least one frame each when the phase has three). */
function thirds([a, b]: [number, number]): [number, number][] {
  const n = b - a;
  if (n < 3) return [];
  const c1 = a + Math.round(n / 3);
  const c2 = a + Math.round((2 * n) / 3);
  return [
    [a, c1],
    [c1, c2],
    [c2, b],
  ];
}

const murmurBand = (bands: Float32Array, r: [number, number]) =>
  MURMUR_BANDS.reduce((s, k) => s + meanOf(bands, r[0], r[1], k), 0) / MURMUR_BANDS.length;

/** Per-cycle murmur evidence: mid-systole and mid-diastole against the same cycle's S1/S2, 100–400 Hz (dB). */
export function cycleExcess(bands: Float32Array, c: Cycle): { systole: number; diastole: number } {
  const ref = (murmurBand(bands, c.s1) + murmurBand(bands, c.s2)) / 2;
  return { systole: murmurBand(bands, middle(c.sys)) - ref, diastole: murmurBand(bands, middle(c.dia)) - ref };
}

/** Per-cycle contrast for marking: mid-systole minus mid-diastole of the same cycle, 100–400 Hz (dB). */
export function cycleContrast(bands: Float32Array, c: Cycle): number {
  return murmurBand(bands, middle(c.sys)) - murmurBand(bands, middle(c.dia));
}

/**
 * How loud the sound between the heart sounds is: per cycle, the 100–400 Hz level of mid-systole
 * and of mid-diastole against the cycle's heart sounds at their loudest band (dB, ≤ 0 when
 * quieter), median over the cycles, the louder phase of the two. NaN without a complete cycle.
 */
export function audibleDb(bands: Float32Array, cycles: Cycle[]): number {
  const sys: number[] = [];
  const dia: number[] = [];
  for (const c of cycles) {
    let peak = -Infinity;
    for (let b = 0; b < HEART_BAND_COUNT; b++)
      peak = Math.max(peak, (meanOf(bands, c.s1[0], c.s1[1], b) + meanOf(bands, c.s2[0], c.s2[1], b)) / 2);
    sys.push(murmurBand(bands, middle(c.sys)) - peak);
    dia.push(murmurBand(bands, middle(c.dia)) - peak);
  }
  return cycles.length ? Math.max(quantile(sys, 0.5), quantile(dia, 0.5)) : NaN;
}

export interface MurmurInput {
  record: HeartRecord;
  heart: HeartFacts;
  noisyShare: number;
  durationSec: number;
}

/** The feature names, in the order murmurFeatures() returns them. */
export const FEATURE_NAMES: readonly string[] = (() => {
  const n: string[] = [];
  for (const what of ['sysRel', 'diaRel', 'sysDia', 'sysFloorDia', 'sysFloorRef', 'diaFloorRef'])
    for (const q of ['q50', 'q75']) for (let b = 0; b < HEART_BAND_COUNT; b++) n.push(`${what}.${q}.b${b}`);
  n.push('flat.sys', 'flat.dia', 'flat.s1', 'flat.s2');
  n.push('sysThird.early', 'sysThird.mid', 'sysThird.late', 'diaThird.early', 'diaThird.mid', 'diaThird.late');
  n.push('excessConsistency.sys', 'excessConsistency.dia');
  for (let b = 0; b < HEART_BAND_COUNT; b++) n.push(`shape.b${b}`);
  for (let b = 0; b < HEART_BAND_COUNT; b++) n.push(`range.b${b}`);
  n.push(
    'periodicity',
    'usableShare',
    'noisyShare',
    'rhythmCv',
    'heartbeatPresent',
    'cyclesPerBeat',
    'heartRate',
    'systoleShare',
    'duration',
    'level.S1',
    'level.S2',
    'level.systole',
    'level.diastole',
  );
  n.push(...CYCLE_FEATURE_NAMES);
  return n;
})();

export function murmurFeatures({ record, heart, noisyShare, durationSec }: MurmurInput): Float64Array {
  const { bands, frameCount } = record;
  const cycles = completeCycles(record);
  const out: number[] = [];
  // Phase-relative band levels per cycle.
  const REL = ['sysRel', 'diaRel', 'sysDia', 'sysFloorDia', 'sysFloorRef', 'diaFloorRef'] as const;
  const rel = Object.fromEntries(
    REL.map((k) => [k, Array.from({ length: HEART_BAND_COUNT }, () => [] as number[])]),
  ) as Record<(typeof REL)[number], number[][]>;
  const flat = { sys: [] as number[], dia: [] as number[], s1: [] as number[], s2: [] as number[] };
  const sysThird: number[][] = [[], [], []];
  const diaThird: number[][] = [[], [], []];
  const excess = { sys: [] as number[], dia: [] as number[] };
  for (const c of cycles) {
    const sm = middle(c.sys);
    const dm = middle(c.dia);
    for (let b = 0; b < HEART_BAND_COUNT; b++) {
      const ref = (meanOf(bands, c.s1[0], c.s1[1], b) + meanOf(bands, c.s2[0], c.s2[1], b)) / 2;
      const sys = meanOf(bands, sm[0], sm[1], b);
      const dia = meanOf(bands, dm[0], dm[1], b);
      rel.sysRel[b]!.push(sys - ref);
      rel.diaRel[b]!.push(dia - ref);
      rel.sysDia[b]!.push(sys - dia);
      // The quietest frame of each phase: a murmur fills the whole phase, a noise burst does not.
      const sysFloor = minOf(bands, sm[0], sm[1], b);
      const diaFloor = minOf(bands, dm[0], dm[1], b);
      rel.sysFloorDia[b]!.push(sysFloor - diaFloor);
      rel.sysFloorRef[b]!.push(sysFloor - ref);
      rel.diaFloorRef[b]!.push(diaFloor - ref);
    }
    const F = HEART_BAND_COUNT;
    flat.sys.push(meanOf(bands, sm[0], sm[1], F));
    flat.dia.push(meanOf(bands, dm[0], dm[1], F));
    flat.s1.push(meanOf(bands, c.s1[0], c.s1[1], F));
    flat.s2.push(meanOf(bands, c.s2[0], c.s2[1], F));
    // Where in systole (diastole) the 100–400 Hz sound sits, against the other, quiet phase.
    const diaLevel = murmurBand(bands, dm);
    const sysLevel = murmurBand(bands, sm);
    thirds(c.sys).forEach((r, k) => sysThird[k]!.push(murmurBand(bands, r) - diaLevel));
    thirds(c.dia).forEach((r, k) => diaThird[k]!.push(murmurBand(bands, r) - sysLevel));
    const e = cycleExcess(bands, c);
    excess.sys.push(e.systole);
    excess.dia.push(e.diastole);
  }
  for (const what of REL)
    for (const q of [0.5, 0.75]) for (let b = 0; b < HEART_BAND_COUNT; b++) out.push(quantile(rel[what][b]!, q));
  out.push(quantile(flat.sys, 0.5), quantile(flat.dia, 0.5), quantile(flat.s1, 0.5), quantile(flat.s2, 0.5));
  for (const t of sysThird) out.push(quantile(t, 0.5));
  for (const t of diaThird) out.push(quantile(t, 0.5));
  // How consistently the excess shows: its median over its spread (a murmur is in every beat).
  const consistency = (v: number[]) => {
    if (v.length < 3) return MISSING;
    const iqr = quantile(v, 0.75) - quantile(v, 0.25);
    return quantile(v, 0.5) / Math.max(1, iqr);
  };
  out.push(consistency(excess.sys), consistency(excess.dia));
  // Spectral shape and per-band dynamic range over the usable frames (noise and murmurs both
  // fill the quiet frames in; a clean heartbeat has a wide range).
  const bad = new Uint8Array(frameCount);
  for (const u of record.unusableSpans)
    for (let f = Math.round(u.start * record.frameRate); f < Math.round(u.end * record.frameRate); f++) bad[f] = 1;
  const med: number[] = [];
  const range: number[] = [];
  let usable = 0;
  for (let f = 0; f < frameCount; f++) if (!bad[f]) usable++;
  const v = new Float64Array(usable);
  for (let b = 0; b < HEART_BAND_COUNT; b++) {
    for (let f = 0, j = 0; f < frameCount; f++) if (!bad[f]) v[j++] = bands[f * HEART_BAND_VALUES + b]!;
    v.sort();
    med.push(quantileSorted(v, 0.5));
    range.push(usable ? quantileSorted(v, 0.9) - quantileSorted(v, 0.1) : MISSING);
  }
  const top = Math.max(...med);
  for (const m of med) out.push(m === MISSING ? MISSING : m - top);
  out.push(...range);
  const period = heart.heartRateBpm > 0 ? 60 / heart.heartRateBpm : 0;
  out.push(
    heart.periodicity,
    durationSec > 0 ? heart.usableSec / durationSec : 0,
    noisyShare,
    heart.rhythmCv,
    heart.heartbeatPresent ? 1 : 0,
    period > 0 && heart.usableSec > 0 ? (cycles.length * period) / heart.usableSec : 0,
    heart.heartRateBpm,
    period > 0 ? heart.systolicIntervalSec / period : 0,
    durationSec,
    heart.stats.S1.meanLevel,
    heart.stats.S2.meanLevel,
    heart.stats.systole.meanLevel,
    heart.stats.diastole.meanLevel,
  );
  out.push(...cycleFeatures(bands, cycles));
  return Float64Array.from(out, (v) => (Number.isFinite(v) ? v : MISSING));
}
