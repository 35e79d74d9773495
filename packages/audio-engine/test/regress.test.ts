import { describe, expect, it } from 'vitest';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEngine, readMonoWav } from '../src/node.js';
import { compareGolden, computeGolden, DEFAULT_GOLDEN, regress, TOLERANCE, type Golden } from '../src/regress.js';
import { writeRegressReport } from '../src/regress-report.js';
import { fixturePath } from './helpers.js';

/** Where `npm test` leaves the readable report of a failing regression run (.ci/run keeps and names it). */
const REPORT_DIR = fileURLToPath(new URL('../../../ci-artifacts/regress/', import.meta.url));

const engine = loadEngine();

describe('regression against benchmarks/golden', () => {
  it('matches the golden outputs of every preset, variant and analysis on every fixture', () => {
    rmSync(REPORT_DIR, { recursive: true, force: true });
    const reports = regress(engine);
    expect(reports.length).toBe(14);
    const drift = reports.flatMap((r) => r.drift.map((d) => `${r.fixture}: ${d}`));
    if (drift.length) {
      const files = writeRegressReport(REPORT_DIR, reports);
      console.log(`${drift.join('\n')}\nregression report: ${files.html} (JUnit: ${files.junit})`);
    }
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
    // A print whose RMS is not its own blocks' (a number changed after it was computed) says so.
    const got = computeGolden(engine, name, samples, sampleRate);
    got.presets.high!.rms = got.presets.wide!.rms;
    expect(compareGolden(got, want).drift).toEqual([
      expect.stringMatching(
        /^preset high: RMS .* \(and not the RMS of its own 100 ms blocks, .*: the print changed after it was computed\)$/,
      ),
    ]);
    expect(drift.find((d) => d.startsWith('preset high: RMS'))).not.toMatch(/not the RMS of its own/);
    const moved: Golden = { ...want, analysis: { ...want.analysis, heartRateBpm: want.analysis.heartRateBpm! + 1 } };
    expect(compareGolden(computeGolden(engine, name, samples, sampleRate), moved).drift).toEqual([
      `heart rate ${want.analysis.heartRateBpm} vs golden ${moved.analysis.heartRateBpm} bpm`,
    ]);
  });
});
