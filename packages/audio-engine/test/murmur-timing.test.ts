// Murmur timing and shape (src/murmur/timing.ts): synthetic envelopes on a band matrix, the same
// murmurs as sound on a synthetic S1/S2 train through the engine's own segmentation, and the
// CirCor fixtures whose timing was once called "early systolic" (49574 holosystolic plateau,
// 49712 mid-systolic diamond).
import { describe, expect, it } from 'vitest';
import { loadEngine, readMonoWav } from '../src/node.js';
import { analyzeRecording } from '../src/analysis.js';
import { runHeartAnalysis } from '../src/heart/result.js';
import { completeCycles, type Cycle } from '../src/murmur/features.js';
import { estimateTiming, TIMING_MODEL, type MurmurPattern, type MurmurShape } from '../src/murmur/timing.js';
import { HEART_BAND_VALUES } from '../src/wasm-records.js';
import { timingShapeText } from '../src/murmur/describe.js';
import { fixturePath } from './helpers.js';

const engine = loadEngine();

/** Murmur loudness (0–1) at a point u (0–1) of systole, for the four kinds the tests use. */
const ENVELOPES: Record<string, (u: number) => number> = {
  holoPlateau: () => 1,
  midDiamond: (u) => Math.max(0, 1 - Math.abs(u - 0.5) / 0.3),
  earlyDecrescendo: (u) => Math.max(0, 1 - u / 0.45),
  lateCrescendo: (u) => Math.max(0, (u - 0.55) / 0.45),
};
const WANT: Record<string, [MurmurPattern, MurmurShape]> = {
  holoPlateau: ['holo', 'plateau'],
  midDiamond: ['mid', 'diamond'],
  earlyDecrescendo: ['early', 'decrescendo'],
  lateCrescendo: ['late', 'crescendo'],
};

/** A band matrix of `n` cycles (S1 5, systole 20, S2 4, diastole 21 frames) with the murmur at 100–400 Hz. */
function bandMatrix(env: (u: number) => number, n: number): { bands: Float32Array; cycles: Cycle[] } {
  const len = 50;
  const bands = new Float32Array(n * len * HEART_BAND_VALUES).fill(-60);
  const cycles: Cycle[] = [];
  let seed = 3;
  const jitter = () => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 2; // ±1 dB
  for (let c = 0; c < n; c++) {
    const o = c * len;
    const cyc: Cycle = { s1: [o, o + 5], sys: [o + 5, o + 25], s2: [o + 25, o + 29], dia: [o + 29, o + 50] };
    cycles.push(cyc);
    for (let f = o; f < o + len; f++)
      for (let b = 0; b < 10; b++) {
        const i = f * HEART_BAND_VALUES + b;
        const heart = (f >= cyc.s1[0] && f < cyc.s1[1]) || (f >= cyc.s2[0] && f < cyc.s2[1]);
        // A murmur 30 dB above the background at its loudest, in bands 3–6 (100–400 Hz).
        const u = (f - cyc.sys[0] + 0.5) / (cyc.sys[1] - cyc.sys[0]);
        const m = f >= cyc.sys[0] && f < cyc.sys[1] && b >= 3 && b <= 6 ? env(u) : 0;
        const murmurDb = m > 0 ? 10 * Math.log10(m * m * 1000 + 1) : 0;
        bands[i] = heart ? -10 : -60 + murmurDb + jitter();
      }
  }
  return { bands, cycles };
}

/**
 * S1/S2 bursts of 60 Hz at `bpm` over a faint noise floor, with 150–400 Hz noise shaped by `env`
 * across systole, about 20 dB above the floor at its loudest.
 */
function murmurBeats(env: (u: number) => number, bpm: number, rate: number, seconds: number): Float32Array {
  const period = 60 / bpm;
  const sysStart = 0.1;
  const sysEnd = period * 0.4;
  const x = new Float32Array(rate * seconds);
  let seed = 11;
  const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5;
  const hann = (u: number) => Math.sin(Math.PI * u) ** 2;
  for (let i = 0; i < x.length; i++) {
    const t = (i / rate) % period;
    const s1 = t < sysStart;
    const s2 = t > sysEnd && t < sysEnd + 0.08;
    const hiss = rand() * Math.sin((2 * Math.PI * 250 * i) / rate);
    const inSys = t >= sysStart && t < sysEnd;
    x[i] =
      // Heart sounds with a smooth (Hann) envelope: a gated tone would click across the murmur band.
      (s1 ? 0.6 * hann(t / sysStart) : s2 ? 0.4 * hann((t - sysEnd) / 0.08) : 0) *
        Math.sin(2 * Math.PI * 60 * (i / rate)) +
      0.002 * rand() +
      (inSys ? 0.03 * env((t - sysStart) / (sysEnd - sysStart)) * hiss : 0);
  }
  return x;
}

describe('murmur timing and shape', () => {
  it('ships thresholds fitted by the timing command (`npm run eval:murmur-timing -- --out`)', () => {
    expect(TIMING_MODEL.trainedOn.patients).toBeGreaterThan(50);
    expect(TIMING_MODEL.trainedOn.command).toMatch(/timing --out/);
  });

  it('reads timing and shape from synthetic envelopes across systole', () => {
    for (const [name, env] of Object.entries(ENVELOPES)) {
      const { bands, cycles } = bandMatrix(env, 20);
      const e = estimateTiming(bands, cycles, 'systolic');
      expect([e.pattern, e.shape], name).toEqual(WANT[name]);
    }
  });

  it('reads them from the same murmurs as sound, through the engine’s own S1/S2 segmentation', () => {
    const rate = 4000;
    for (const [name, env] of Object.entries(ENVELOPES)) {
      const record = runHeartAnalysis(engine, murmurBeats(env, 60, rate, 20), rate);
      const cycles = completeCycles(record);
      expect(cycles.length, name).toBeGreaterThan(10);
      const e = estimateTiming(record.bands, cycles, 'systolic');
      // The mid-systolic window the fit leaves is narrow (centre 0.45–0.55 of systole: CirCor has 9
      // mid-systolic patients, none of whom the envelope tells from early ones): through the
      // engine's segmentation this diamond sits at its edge, and the estimator says it is unsure.
      if (name === 'midDiamond') expect([e.pattern, e.patternAgreement < 1], name).toEqual([null, true]);
      else expect(e.pattern, name).toBe(WANT[name]![0]);
    }
  });

  it('does not call the holosystolic and the mid-systolic diamond fixtures early systolic', () => {
    for (const [name, want] of [
      ['heart_murmur_holosystolic_plateau_harsh_circor_49574_TV', 'holo'],
      ['heart_murmur_midsystolic_diamond_harsh_circor_49712_PV', 'mid'],
    ] as const) {
      const { samples, sampleRate } = readMonoWav(fixturePath(name));
      const m = analyzeRecording(engine, samples, sampleRate, { ageMonths: null }).heart!.murmur;
      expect(m.timing?.phase, name).toBe('systolic');
      expect(m.timing?.pattern, name).not.toBe('early');
      expect([want, null], name).toContain(m.timing?.pattern);
    }
  });

  it('says no shape word when the shape is unsure', () => {
    expect(timingShapeText({ phase: 'systolic', pattern: null, shape: null })).toBe('systolic');
    expect(timingShapeText({ phase: 'systolic', pattern: 'early', shape: 'decrescendo' })).toBe(
      'early systolic, decrescendo',
    );
    expect(timingShapeText({ phase: 'systolic', pattern: 'holo', shape: null })).toBe('holosystolic');
  });
});
