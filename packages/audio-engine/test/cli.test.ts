import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeWav } from '../src/wav.js';
import { loadEngine, readMonoWav } from '../src/node.js';
import { fixturePath, GOLDEN } from './helpers.js';

// A child that hangs is killed and fails its test, rather than blocking the suite (a synchronous
// call keeps vitest's own timeout from firing): one hung at exit in CI, see src/cli.ts.
const timeout = 50_000;
const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const run = (...args: string[]) => execFileSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout });
const input = fixturePath('heart_normal_circor_49974_MV');

describe('auscura-dsp', () => {
  const dir = mkdtempSync(join(tmpdir(), 'auscura-dsp-'));

  it('process writes the preset-filtered, amplified file the engine computes (PCM 16)', () => {
    const out = join(dir, 'wide.wav');
    expect(run('process', input, '--preset', 'wide', '--gain', '2', '-o', out)).toMatch(/wide, gain 2/);
    const written = decodeWav(readFileSync(out));
    const { samples, sampleRate } = readMonoWav(input);
    const want = loadEngine().processPreset(samples, sampleRate, { preset: 'wide', gain: 2 });
    expect(written.sampleRate).toBe(4000);
    // PCM 16 clips to the 16-bit range.
    const clip = (v: number) => Math.min(32767 / 32768, Math.max(-1, v));
    for (let i = 0; i < want.length; i += 97)
      expect(Math.abs(written.channels[0]![i]! - clip(want[i]!))).toBeLessThanOrEqual(1 / 32768 + 1e-7);
  });

  it('analyze --json prints the rate, diagnosis and noise slices', () => {
    const a = JSON.parse(run('analyze', input, '--json'));
    expect(a.heart.heartRateBpm).toBeGreaterThan(85);
    expect(a.heart.heartRateBpm).toBeLessThan(96);
    expect(a.noiseSlices).toHaveLength(17);
    expect(['NORMAL', 'ABNORMAL', 'INSUFFICIENT_DATA']).toContain(a.heart.diagnosis);
  });

  it('analyze reads FLAC as it reads the WAV it was made from, and prints the murmur finding', () => {
    const flac = fileURLToPath(new URL('./fixtures/heart_normal_circor_49974_MV.flac', import.meta.url));
    const fromFlac = JSON.parse(run('analyze', flac, '--json'));
    expect(fromFlac).toEqual(JSON.parse(run('analyze', input, '--json')));
    expect(fromFlac.murmur).toMatchObject({ status: expect.stringMatching(/^(present|absent|unknown)$/) });
    expect(fromFlac.murmur.probability).toBeGreaterThanOrEqual(0);
    expect(fromFlac.murmur.probability).toBeLessThanOrEqual(1);
    expect(fromFlac.murmur).toHaveProperty('timing');
    const lung = JSON.parse(
      run('analyze', fixturePath('lung_wheeze_icbhi_104_1b1_Ar_sc_Litt3200_4k'), '--json', '--site', 'lungs'),
    );
    expect(lung.heart).toBeNull();
    expect(lung.murmur).toBeNull();
  });

  it('variants writes the four variants', () => {
    run('variants', input, '-o', join(dir, 'v'));
    expect(readdirSync(join(dir, 'v')).sort()).toEqual(
      ['algo1', 'algo2', 'sg', 'silence'].map((v) => `heart_normal_circor_49974_MV.${v}.wav`),
    );
  });

  it('regress --report writes the JUnit file and the page, and fails the run on drift', () => {
    // One fixture against a copy of its golden file whose low preset RMS is 10 % off.
    const fixtures = join(dir, 'fx');
    const golden = join(dir, 'golden');
    const report = join(dir, 'report');
    mkdirSync(fixtures);
    mkdirSync(golden);
    const name = 'heart_normal_circor_49974_MV';
    copyFileSync(input, join(fixtures, `${name}.wav`));
    const want = JSON.parse(readFileSync(join(GOLDEN, `${name}.json`), 'utf8'));
    want.presets.low.rms *= 1.1;
    writeFileSync(join(golden, `${name}.json`), JSON.stringify(want));
    const r = spawnSync(
      process.execPath,
      [CLI, 'regress', '--fixtures', fixtures, '--golden', golden, '--report', report],
      { encoding: 'utf8', timeout },
    );
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(`report: ${join(report, 'index.html')}`);
    const xml = readFileSync(join(report, 'junit.xml'), 'utf8');
    expect(xml).toMatch(/<testsuites name="auscura-dsp regress" tests="9" failures="1"/);
    expect(xml).toMatch(
      new RegExp(`<testcase classname="preset low" name="${name}">\\s*<failure message="preset low: RMS`),
    );
    expect(readFileSync(join(report, 'index.html'), 'utf8')).toMatch(/0\/1 fixtures match/);
    const u = spawnSync(process.execPath, [CLI, 'regress', '--update', '--report', report], {
      encoding: 'utf8',
      timeout,
    });
    expect(u.status).toBe(2);
  });

  it('fails with a clear message and exit code 2 on a malformed WAV or bad options', () => {
    const bad = join(dir, 'bad.wav');
    writeFileSync(bad, 'RIFF\x10\0\0\0WAVEjunk');
    const r = spawnSync(process.execPath, [CLI, 'analyze', bad], { encoding: 'utf8', timeout });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/no fmt chunk/);
    const p = spawnSync(process.execPath, [CLI, 'process', input, '--preset', 'loud', '-o', join(dir, 'x.wav')], {
      encoding: 'utf8',
      timeout,
    });
    expect(p.status).toBe(2);
    expect(p.stderr).toMatch(/--preset must be one of wide, low, high, raw/);
    const c = spawnSync(
      process.execPath,
      [CLI, 'process', input, '--low-cut', '300', '--high-cut', '200', '-o', join(dir, 'y.wav')],
      { encoding: 'utf8', timeout },
    );
    expect(c.status).toBe(1);
    expect(c.stderr).toMatch(/above the high cut/);
  });
});

describe('the murmur training command', () => {
  // Training runs from its TypeScript through tsx: it is not part of the engine's build (issue 37).
  const train = fileURLToPath(new URL('../training/cli.ts', import.meta.url));
  const tsx = fileURLToPath(new URL('../../../node_modules/tsx/dist/cli.mjs', import.meta.url));

  it('refuses a bad --seed, and --seed for train, before reading the dataset', () => {
    const e = spawnSync(process.execPath, [tsx, train, 'eval', '--seed', 'x'], { encoding: 'utf8', timeout });
    expect(e.status).toBe(2);
    expect(e.stderr).toMatch(/--seed must be a whole number/);
    const t = spawnSync(process.execPath, [tsx, train, 'train', '--seed', '3'], { encoding: 'utf8', timeout });
    expect(t.status).toBe(2);
    expect(t.stderr).toMatch(/--seed is for eval only/);
  });
});
