import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEngine } from '../src/node.js';
import { PRESETS, type FilterPreset, type PresetName } from '../src/presets.js';
import { fixtureSite, regress } from '../src/regress.js';
import { signalResults, writeRegressReport, type BandDeviation } from '../src/regress-report.js';

const engine = loadEngine();

/**
 * A test-only copy of the presets with the wide band's high-pass moved from 35 Hz up to 250 Hz: the
 * bottom band (heart 20–200 Hz, lung 20–150 Hz) loses its gain. (A cut at the top of the band shows
 * less: the compressor, attack 0, makes its own harmonics above any low-pass.)
 */
const CHANGED: Record<PresetName, FilterPreset> = { ...PRESETS, wide: { ...PRESETS.wide, highPassHz: 250 } };

const testcases = (xml: string) =>
  [...xml.matchAll(/<testcase classname="([^"]+)" name="([^"]+)"(\/>|>\s*<failure message="([^"]*)")/g)].map((m) => ({
    signal: m[1]!,
    fixture: m[2]!,
    failure: m[4] ?? null,
  }));

describe('auscura-dsp regress --report', () => {
  it('on a deliberately changed preset names the failing fixtures in JUnit and puts the change in the band that moved', () => {
    const dir = mkdtempSync(join(tmpdir(), 'regress-report-'));
    const reports = regress(engine, { presets: CHANGED });
    const files = writeRegressReport(dir, reports);
    const cases = testcases(readFileSync(files.junit, 'utf8'));
    expect(cases).toHaveLength(14 * 9);
    // Every fixture's wide output drifted, and nothing else did.
    const failing = cases.filter((c) => c.failure);
    expect(failing.map((c) => c.signal)).toEqual(Array(14).fill('preset wide'));
    expect(failing.map((c) => c.fixture).sort()).toEqual(reports.map((r) => r.fixture).sort());
    expect(files.failedFixtures).toHaveLength(14);
    for (const c of failing) expect(c.failure).toMatch(/^preset wide: /);

    // The numbers the difference picture is drawn from: the bottom band lost 17–26 dB on average,
    // more than any other band moved.
    const rows: string[] = [];
    for (const r of reports) {
      const wide = signalResults(r).find((s) => s.signal === 'preset wide')!;
      const [low, ...others] = wide.bands! as [BandDeviation, ...BandDeviation[]];
      rows.push(
        `${r.fixture}: ${wide.bands!.map((b) => `${b.lowHz}: ${b.meanDb.toFixed(1)}/${b.maxDb.toFixed(1)}`).join('  ')}`,
      );
      expect(low.lowHz).toBe(20);
      expect(low.highHz).toBe(fixtureSite(r.fixture) === 'lungs' ? 150 : 200);
      expect(low.meanDb, rows.at(-1)).toBeLessThan(-15);
      // The compressor (attack 0) spreads some of the change upwards: the bottom band still moved most.
      for (const b of others) expect(Math.abs(b.meanDb), rows.at(-1)).toBeLessThan(Math.abs(low.meanDb));
    }
    // The page carries the pictures inline and says where to look.
    const page = readFileSync(files.html, 'utf8');
    expect(page).toMatch(/0\/14 fixtures match/);
    expect(page).toMatch(/alt="Difference, current minus golden, preset wide: largest change in 20 Hz–(200|150) Hz/);
    expect(page).not.toMatch(/src="(?!data:image\/png;base64,)/);
  });

  it('on the unchanged engine: every test case passes and no band moved', () => {
    const dir = mkdtempSync(join(tmpdir(), 'regress-report-'));
    const reports = regress(engine);
    const files = writeRegressReport(dir, reports);
    const xml = readFileSync(files.junit, 'utf8');
    expect(xml).toMatch(/<testsuites name="auscura-dsp regress" tests="126" failures="0"/);
    expect(testcases(xml).filter((c) => c.failure)).toEqual([]);
    for (const r of reports)
      for (const s of signalResults(r))
        for (const b of s.bands ?? []) expect(b.maxDb, `${r.fixture} ${s.signal}`).toBe(0);
    expect(readFileSync(files.html, 'utf8')).toMatch(/14\/14 fixtures match/);
  });
});
