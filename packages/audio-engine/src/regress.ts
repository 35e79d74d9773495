// Regression against golden outputs (CONVENTIONS rule 12). For every fixture the golden file holds,
// per preset and per variant, the length, peak, RMS, RMS per 100 ms block and a SHA-256 of the
// float32 bits, plus the analysis (rate, diagnosis, S1/S2 times, noise slices). Whole output
// signals would be ~100 MB; block RMS catches any audible drift at 0.01 dB while staying small.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { VARIANT_NAMES, type Engine } from './engine.js';
import { PRESET_NAMES } from './presets.js';
import { analyzeRecording } from './analysis.js';
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

export interface SignalPrint {
  length: number;
  peak: number;
  rms: number;
  blockRms: number[];
  sha256: string;
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

export function fingerprint(x: Float32Array, sampleRate: number): SignalPrint {
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
  };
}

export function computeGolden(engine: Engine, fixture: string, samples: Float32Array, sampleRate: number): Golden {
  const presets: Record<string, SignalPrint> = {};
  for (const p of PRESET_NAMES)
    presets[p] = fingerprint(engine.processPreset(samples, sampleRate, { preset: p }), sampleRate);
  const variants: Record<string, SignalPrint> = {};
  const v = engine.variants(samples, sampleRate);
  for (const name of VARIANT_NAMES) variants[name] = fingerprint(v[name], sampleRate);
  // Lung fixtures are analysed as lung recordings: no heart analysis.
  const a = analyzeRecording(engine, samples, sampleRate, { site: fixture.startsWith('lung_') ? 'lungs' : 'heart' });
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

function comparePrint(where: string, got: SignalPrint, want: SignalPrint, drift: string[], notes: string[]): void {
  if (got.length !== want.length) return void drift.push(`${where}: length ${got.length} ≠ ${want.length}`);
  if (!near(got.rms, want.rms)) drift.push(`${where}: RMS ${got.rms} vs golden ${want.rms}`);
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
  for (const [k, w] of Object.entries(want.presets)) {
    const g = got.presets[k];
    if (!g) drift.push(`preset ${k}: missing`);
    else comparePrint(`preset ${k}`, g, w, drift, notes);
  }
  for (const [k, w] of Object.entries(want.variants)) {
    const g = got.variants[k];
    if (!g) drift.push(`variant ${k}: missing`);
    else comparePrint(`variant ${k}`, g, w, drift, notes);
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
}

/** Runs every fixture against its golden file (or writes them with `update`). */
export function regress(
  engine: Engine,
  options: { fixtures?: string; golden?: string; update?: boolean } = {},
): RegressReport[] {
  const fixtures = options.fixtures ?? DEFAULT_FIXTURES;
  const golden = options.golden ?? DEFAULT_GOLDEN;
  const names = readdirSync(fixtures)
    .filter((f) => f.endsWith('.wav'))
    .map((f) => f.slice(0, -4))
    .sort();
  if (options.update) mkdirSync(golden, { recursive: true });
  return names.map((name) => {
    const w = decodeWav(readFileSync(join(fixtures, `${name}.wav`)));
    const got = computeGolden(engine, name, toMono(w.channels), w.sampleRate);
    const file = join(golden, `${name}.json`);
    if (options.update) {
      writeFileSync(file, JSON.stringify(got) + '\n');
      return { fixture: name, drift: [], notes: ['golden written'] };
    }
    if (!existsSync(file)) return { fixture: name, drift: [`no golden file ${file}`], notes: [] };
    return { fixture: name, ...compareGolden(got, JSON.parse(readFileSync(file, 'utf8')) as Golden) };
  });
}
