// Regression against golden outputs (CONVENTIONS rule 12). For every fixture the golden file holds,
// per preset and per variant, the length, peak, RMS, RMS per 100 ms block and a SHA-256 of the
// float32 bits and a coarse spectrogram (4 columns per second × 32 log-frequency rows, 0.5 dB
// steps: what the --report page draws and measures per band), plus the analysis (rate, diagnosis,
// S1/S2 times, noise slices). Whole output signals would be ~100 MB; block RMS catches any audible
// drift at 0.01 dB while staying small. Pass or fail is decided by the levels and the analysis;
// the spectrogram only says where in frequency a drift lies.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spectrogramRange, VARIANT_NAMES, type Engine } from './engine.js';
import { PRESET_NAMES, type FilterPreset, type PresetName } from './presets.js';
import { analyzeRecording, type RecordingSite } from './analysis.js';
import { decodeWav, toMono } from './wav.js';

export const DEFAULT_FIXTURES = fileURLToPath(new URL('../../../benchmarks/fixtures/audio/', import.meta.url));
export const DEFAULT_GOLDEN = fileURLToPath(new URL('../../../benchmarks/golden/', import.meta.url));

/** Stated tolerances. */
export const TOLERANCE = {
  /** Block RMS and whole-signal RMS/peak: |a - b| ≤ abs + rel·|b| (rel 1e-3 ≈ 0.01 dB). */
  levelAbs: 1e-6,
  levelRel: 1e-3,
  /** Heart rate (bpm). */
  heartRate: 0.5,
  /** S1/S2 segment times (s): one 20 ms frame. */
  eventSec: 0.02,
  /** Murmur probability. */
  murmurProbability: 0.01,
} as const;

/** The coarse spectrogram kept in a golden print (see PRINT_SPECTROGRAM). */
export interface PrintSpectrogram {
  lowHz: number;
  highHz: number;
  rows: number;
  cols: number;
  fftSize: number;
  /** Base64 of cols × rows bytes, column after column, row 0 lowest: byte = round((dB + 120) × 2), 0–255. */
  cells: string;
}

export interface SignalPrint {
  length: number;
  peak: number;
  rms: number;
  blockRms: number[];
  sha256: string;
  /** Absent from golden files written before the report existed. */
  spectrogram?: PrintSpectrogram;
}

/** The golden print's spectrogram: 32 rows, 4 columns per second, 0.5 dB per step from the engine's -120 dB floor. */
export const PRINT_SPECTROGRAM = { rows: 32, colsPerSecond: 4, stepDb: 0.5, floorDb: -120 } as const;

/** Which kind of point a fixture is (its name says so), for the analysis and the spectrogram's axis. */
export function fixtureSite(fixture: string): RecordingSite {
  return fixture.startsWith('lung_') ? 'lungs' : 'heart';
}

export function printSpectrogram(
  engine: Engine,
  x: Float32Array,
  sampleRate: number,
  site: RecordingSite,
): PrintSpectrogram {
  const P = PRINT_SPECTROGRAM;
  const cols = Math.max(1, Math.round((x.length / sampleRate) * P.colsPerSecond));
  const s = engine.spectrogram(x, sampleRate, { ...spectrogramRange(site, sampleRate), rows: P.rows, cols });
  const bytes = Buffer.alloc(s.db.length);
  for (let i = 0; i < s.db.length; i++)
    bytes[i] = Math.max(0, Math.min(255, Math.round((s.db[i]! - P.floorDb) / P.stepDb)));
  return {
    lowHz: s.lowHz,
    highHz: s.highHz,
    rows: s.rows,
    cols: s.cols,
    fftSize: s.fftSize,
    cells: bytes.toString('base64'),
  };
}

/** The dB values of a print's cells (cols × rows, column after column). */
export function printCellsDb(p: PrintSpectrogram): Float32Array {
  const bytes = Buffer.from(p.cells, 'base64');
  return Float32Array.from(bytes, (b) => PRINT_SPECTROGRAM.floorDb + b * PRINT_SPECTROGRAM.stepDb);
}

export interface Golden {
  fixture: string;
  sampleRate: number;
  presets: Record<string, SignalPrint>;
  variants: Record<string, SignalPrint>;
  /** The heart fields are null for lung fixtures (no heart analysis). */
  analysis: {
    heartRateBpm: number | null;
    diagnosis: string | null;
    heartbeatPresent: boolean | null;
    heartbeatNormal: boolean | null;
    noiseSlices: number[];
    segments: [string, number, number][];
    murmur: { status: string; probability: number; phase: string | null; pattern: string | null } | null;
  };
}

const sig = (v: number) => Number(v.toPrecision(7));

/** The print of one output signal; with `spectrogram` (the engine and the point's kind), its coarse spectrogram too. */
export function fingerprint(
  x: Float32Array,
  sampleRate: number,
  spectrogram?: { engine: Engine; site: RecordingSite },
): SignalPrint {
  const block = Math.max(1, Math.round(sampleRate / 10));
  const blockRms: number[] = [];
  let total = 0;
  let peak = 0;
  for (let b = 0; b < x.length; b += block) {
    let s = 0;
    const end = Math.min(x.length, b + block);
    for (let i = b; i < end; i++) {
      s += x[i]! * x[i]!;
      peak = Math.max(peak, Math.abs(x[i]!));
    }
    total += s;
    blockRms.push(sig(Math.sqrt(s / (end - b))));
  }
  return {
    length: x.length,
    peak: sig(peak),
    rms: sig(Math.sqrt(total / Math.max(1, x.length))),
    blockRms,
    sha256: createHash('sha256')
      .update(new Uint8Array(x.buffer, x.byteOffset, x.byteLength))
      .digest('hex'),
    ...(spectrogram ? { spectrogram: printSpectrogram(spectrogram.engine, x, sampleRate, spectrogram.site) } : {}),
  };
}

export function computeGolden(
  engine: Engine,
  fixture: string,
  samples: Float32Array,
  sampleRate: number,
  /** The preset table to play (default the engine's PRESETS; a test injects a changed copy). */
  presetTable?: Readonly<Record<PresetName, FilterPreset>>,
): Golden {
  const site = fixtureSite(fixture);
  const spec = { engine, site };
  const presets: Record<string, SignalPrint> = {};
  for (const p of PRESET_NAMES)
    presets[p] = fingerprint(
      engine.processPreset(samples, sampleRate, { preset: p, ...(presetTable ? { presets: presetTable } : {}) }),
      sampleRate,
      spec,
    );
  const variants: Record<string, SignalPrint> = {};
  const v = engine.variants(samples, sampleRate);
  for (const name of VARIANT_NAMES) variants[name] = fingerprint(v[name], sampleRate, spec);
  // Lung fixtures are analysed as lung recordings: no heart analysis.
  const a = analyzeRecording(engine, samples, sampleRate, { site });
  const h = a.heart;
  return {
    fixture,
    sampleRate,
    presets,
    variants,
    analysis: {
      heartRateBpm: h ? sig(h.heartRateBpm) : null,
      diagnosis: h?.diagnosis ?? null,
      heartbeatPresent: h?.heartbeatPresent ?? null,
      heartbeatNormal: h?.heartbeatNormal ?? null,
      noiseSlices: a.noiseSlices,
      segments: (h?.segments ?? []).map((s) => [s.state, sig(s.start), sig(s.end)]),
      murmur: h
        ? {
            status: h.murmur.status,
            probability: sig(h.murmur.probability),
            phase: h.murmur.timing?.phase ?? null,
            pattern: h.murmur.timing?.pattern ?? null,
          }
        : null,
    },
  };
}

function near(a: number, b: number): boolean {
  return Math.abs(a - b) <= TOLERANCE.levelAbs + TOLERANCE.levelRel * Math.abs(b);
}

/** A print's whole-signal RMS from its own 100 ms blocks (`block` samples each, the last shorter). */
function rmsOfBlocks(print: SignalPrint, block: number): number {
  let energy = 0;
  print.blockRms.forEach((v, i) => (energy += v * v * Math.min(block, print.length - i * block)));
  return Math.sqrt(energy / Math.max(1, print.length));
}

function comparePrint(
  where: string,
  got: SignalPrint,
  want: SignalPrint,
  block: number,
  drift: string[],
  notes: string[],
): void {
  if (got.length !== want.length) return void drift.push(`${where}: length ${got.length} ≠ ${want.length}`);
  if (!near(got.rms, want.rms)) {
    // The whole RMS and the blocks are summed in one loop: when they disagree (beyond the blocks'
    // 7-digit rounding), the number changed after it was computed, which no change to the DSP does.
    // Seen under load on Node 24.21 with V8's Maglev on: the RMS and peak were the next print's,
    // exactly (benchmarks/history/2026-12-07-ci-time.md §6); the tests now run without Maglev.
    const own = rmsOfBlocks(got, block);
    const consistent = Math.abs(own - got.rms) <= 1e-9 + 1e-4 * own;
    drift.push(
      `${where}: RMS ${got.rms} vs golden ${want.rms}` +
        (consistent
          ? ''
          : ` (and not the RMS of its own 100 ms blocks, ${sig(own)}: the print changed after it was computed)`),
    );
  }
  if (!near(got.peak, want.peak)) drift.push(`${where}: peak ${got.peak} vs golden ${want.peak}`);
  const bad = got.blockRms.map((v, i) => (near(v, want.blockRms[i] ?? NaN) ? -1 : i)).filter((i) => i >= 0);
  if (bad.length) {
    const i = bad[0]!;
    drift.push(
      `${where}: ${bad.length} of ${want.blockRms.length} 100 ms blocks drifted, first at ${(i / 10).toFixed(1)} s (${got.blockRms[i]} vs ${want.blockRms[i]})`,
    );
  }
  if (got.sha256 !== want.sha256 && !drift.some((d) => d.startsWith(where)))
    notes.push(`${where}: bits changed within tolerance`);
}

export function compareGolden(got: Golden, want: Golden): { drift: string[]; notes: string[] } {
  const drift: string[] = [];
  const notes: string[] = [];
  const block = Math.max(1, Math.round(got.sampleRate / 10));
  for (const [k, w] of Object.entries(want.presets)) {
    const g = got.presets[k];
    if (!g) drift.push(`preset ${k}: missing`);
    else comparePrint(`preset ${k}`, g, w, block, drift, notes);
  }
  for (const [k, w] of Object.entries(want.variants)) {
    const g = got.variants[k];
    if (!g) drift.push(`variant ${k}: missing`);
    else comparePrint(`variant ${k}`, g, w, block, drift, notes);
  }
  const a = got.analysis;
  const b = want.analysis;
  if (
    (a.heartRateBpm === null) !== (b.heartRateBpm === null) ||
    Math.abs((a.heartRateBpm ?? 0) - (b.heartRateBpm ?? 0)) > TOLERANCE.heartRate
  )
    drift.push(`heart rate ${a.heartRateBpm} vs golden ${b.heartRateBpm} bpm`);
  const am = a.murmur;
  const bm = b.murmur ?? null;
  if (JSON.stringify([am?.status, am?.phase, am?.pattern]) !== JSON.stringify([bm?.status, bm?.phase, bm?.pattern]))
    drift.push(
      `murmur ${am?.status} ${am?.phase ?? ''} ${am?.pattern ?? ''} vs golden ${bm?.status} ${bm?.phase ?? ''} ${bm?.pattern ?? ''}`,
    );
  else if (am && bm && Math.abs(am.probability - bm.probability) > TOLERANCE.murmurProbability)
    drift.push(`murmur probability ${am.probability} vs golden ${bm.probability}`);
  for (const k of ['diagnosis', 'heartbeatPresent', 'heartbeatNormal'] as const) {
    if (a[k] !== b[k]) drift.push(`${k} ${String(a[k])} vs golden ${String(b[k])}`);
  }
  if (a.noiseSlices.join('') !== b.noiseSlices.join(''))
    drift.push(`noise slices ${a.noiseSlices.join('')} vs golden ${b.noiseSlices.join('')}`);
  if (a.segments.length !== b.segments.length)
    drift.push(`${a.segments.length} heart segments vs golden ${b.segments.length}`);
  else {
    const moved = a.segments.filter(
      (s, i) =>
        s[0] !== b.segments[i]![0] ||
        Math.abs(s[1] - b.segments[i]![1]) > TOLERANCE.eventSec ||
        Math.abs(s[2] - b.segments[i]![2]) > TOLERANCE.eventSec,
    );
    if (moved.length)
      drift.push(`${moved.length} heart segments moved by more than ${TOLERANCE.eventSec * 1000} ms or changed state`);
  }
  return { drift, notes };
}

export interface RegressReport {
  fixture: string;
  drift: string[];
  notes: string[];
  /** What this run computed and the golden it was held against (absent when there is no golden file). */
  got?: Golden;
  want?: Golden;
}

export interface RegressOptions {
  fixtures?: string;
  golden?: string;
  update?: boolean;
  /** The preset table to play (default PRESETS): a test injects a changed copy to see the report fail. */
  presets?: Readonly<Record<PresetName, FilterPreset>>;
}

/** Runs every fixture against its golden file (or writes them with `update`). */
export function regress(engine: Engine, options: RegressOptions = {}): RegressReport[] {
  const fixtures = options.fixtures ?? DEFAULT_FIXTURES;
  const golden = options.golden ?? DEFAULT_GOLDEN;
  const names = readdirSync(fixtures)
    .filter((f) => f.endsWith('.wav'))
    .map((f) => f.slice(0, -4))
    .sort();
  if (options.update) mkdirSync(golden, { recursive: true });
  return names.map((name) => {
    const w = decodeWav(readFileSync(join(fixtures, `${name}.wav`)));
    const got = computeGolden(engine, name, toMono(w.channels), w.sampleRate, options.presets);
    const file = join(golden, `${name}.json`);
    if (options.update) {
      writeFileSync(file, JSON.stringify(got) + '\n');
      return { fixture: name, drift: [], notes: ['golden written'] };
    }
    if (!existsSync(file)) return { fixture: name, drift: [`no golden file ${file}`], notes: [], got };
    const want = JSON.parse(readFileSync(file, 'utf8')) as Golden;
    return { fixture: name, ...compareGolden(got, want), got, want };
  });
}
