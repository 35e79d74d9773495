import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadEngine, readMonoWav } from '../src/node.js';
import { compareGolden, computeGolden, DEFAULT_GOLDEN, regress, TOLERANCE, type Golden } from '../src/regress.js';
import { fixturePath } from './helpers.js';

const engine = loadEngine();

describe('regression against benchmarks/golden', () => {
  it('matches the golden outputs of every preset, variant and analysis on every fixture', () => {
    const reports = regress(engine);
    expect(reports.length).toBe(14);
    const drift = reports.flatMap((r) => r.drift.map((d) => `${r.fixture}: ${d}`));
    if (drift.length) console.log(drift.join('\n'));
    expect(drift).toEqual([]);
  });

  it(`reports drift beyond the tolerances (levels ${TOLERANCE.levelRel} relative, rate ${TOLERANCE.heartRate} bpm)`, () => {
    const name = 'heart_normal_circor_49974_MV';
    const want = JSON.parse(readFileSync(join(DEFAULT_GOLDEN, `${name}.json`), 'utf8')) as Golden;
    const { samples, sampleRate } = readMonoWav(fixturePath(name));
    // A 0.1 dB gain change on the input must show up as drift in every level.
    const louder = samples.map((v) => v * 10 ** (0.1 / 20));
    const { drift } = compareGolden(computeGolden(engine, name, louder, sampleRate), want);
    expect(drift.some((d) => d.startsWith('preset high: RMS'))).toBe(true);
    expect(drift.some((d) => /100 ms blocks drifted/.test(d))).toBe(true);
    const moved: Golden = { ...want, analysis: { ...want.analysis, heartRateBpm: want.analysis.heartRateBpm! + 1 } };
    expect(compareGolden(computeGolden(engine, name, samples, sampleRate), moved).drift).toEqual([
      `heart rate ${want.analysis.heartRateBpm} vs golden ${moved.analysis.heartRateBpm} bpm`,
    ]);
  });
});
