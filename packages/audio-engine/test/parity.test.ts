// Acceptance 1 and 2: Chromium's own BiquadFilterNode/DynamicsCompressorNode vs the engine in an
// AudioWorklet, in the same page; and the same output bits from the worklet, the worker and Node.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { loadEngine, readMonoWav } from '../src/node.js';
import { PRESET_NAMES } from '../src/presets.js';
import { analyzeRecording } from '../src/analysis.js';
import { startServer } from '../src/bench/static-server.js';
import { fixtureNames, fixturePath } from './helpers.js';

/** Functions the test page puts on window (test/browser/*.js). */
type PageHooks = { [name: string]: (...args: unknown[]) => unknown };

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FILTER_LIMIT_DB = -60;
const CHAIN_LIMIT_DB = -40;

interface Row {
  preset: string;
  filters?: { diffDb: number; refRms: number };
  chain: { diffDb: number; refRms: number };
  workletHash: string;
  workerHash: string;
  nativeMs: number;
  engineMs: number;
}

let browser: Browser;
let page: Page;
let close: () => void;

beforeAll(async () => {
  if (!existsSync(new URL('../dist/worklets/playback-processor.js', import.meta.url))) {
    throw new Error('Run `npm run build` first: the parity page loads dist/ and build/');
  }
  const { server, origin } = await startServer();
  close = () => server.close();
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(origin);
  await page.waitForFunction('window.ready === true', undefined, { timeout: 30_000 }).catch(() => {
    throw new Error(`parity page did not load: ${errors.join('; ')}`);
  });
});

afterAll(async () => {
  await browser?.close();
  close?.();
});

describe('browser parity (Chromium native nodes vs engine in an AudioWorklet)', () => {
  const engine = loadEngine();
  for (const name of fixtureNames()) {
    it(`${name}: filters within ${FILTER_LIMIT_DB} dB, full chain within ${CHAIN_LIMIT_DB} dB, identical bits in worklet, worker and Node`, async () => {
      const rows = (await page.evaluate(([f, p]) => (window as unknown as PageHooks).parity!(f, p), [
        name,
        PRESET_NAMES,
      ] as const)) as Row[];
      const { samples, sampleRate } = readMonoWav(fixturePath(name));
      const drift: string[] = [];
      for (const r of rows) {
        if (r.filters && !(r.filters.diffDb < FILTER_LIMIT_DB))
          drift.push(`${r.preset} filters ${r.filters.diffDb.toFixed(1)} dB`);
        if (!(r.chain.diffDb < CHAIN_LIMIT_DB)) drift.push(`${r.preset} chain ${r.chain.diffDb.toFixed(1)} dB`);
        const node = engine.processPreset(samples, sampleRate, { preset: r.preset as never });
        const nodeHash = createHash('sha256').update(new Uint8Array(node.buffer)).digest('hex');
        if (r.workletHash !== nodeHash) drift.push(`${r.preset} worklet bits differ from Node`);
        if (r.workerHash !== nodeHash) drift.push(`${r.preset} worker bits differ from Node`);
      }
      console.log(
        name,
        rows
          .map((r) => `${r.preset}: filt ${r.filters?.diffDb.toFixed(1) ?? '—'} chain ${r.chain.diffDb.toFixed(1)} dB`)
          .join(' | '),
      );
      expect(drift).toEqual([]);
    });
  }
});

describe('the upload analysis in the worker and in Node', () => {
  const engine = loadEngine();
  const names = fixtureNames().filter((n) => n.includes('circor') || n.includes('44k_artiexu'));
  it(`gives the same rate, segments, murmur finding and diagnosis on ${names.length} fixtures`, async () => {
    for (const name of names) {
      const inWorker = (await page.evaluate((n) => (window as unknown as PageHooks).analyzeInWorker!(n), name)) as {
        heart: unknown;
      };
      const { samples, sampleRate } = readMonoWav(fixturePath(name));
      const inNode = JSON.parse(JSON.stringify(analyzeRecording(engine, samples, sampleRate)));
      expect(inWorker.heart, name).toEqual(inNode.heart);
    }
  });
});

describe('the spectrogram in the Chromium worker', () => {
  const engine = loadEngine();
  it('gives the same matrix as Node, bit for bit, of what the wide preset plays', async () => {
    const name = 'heart_murmur_holosystolic_plateau_harsh_circor_49574_TV';
    const options = { rows: 96, cols: 400, lowHz: 20, highHz: 2000 };
    const inWorker = (await page.evaluate(([n, o]) => (window as unknown as PageHooks).spectrogramInWorker!(n, o), [
      name,
      options,
    ] as const)) as { db: number[]; rows: number; cols: number };
    const { samples, sampleRate } = readMonoWav(fixturePath(name));
    const inNode = engine.spectrogram(
      engine.processPreset(samples, sampleRate, { preset: 'wide' }),
      sampleRate,
      options,
    );
    expect([inWorker.rows, inWorker.cols]).toEqual([96, 400]);
    expect(Float32Array.from(inWorker.db)).toEqual(inNode.db);
  });
});

describe('meter, recorder and live-monitor processors in Chromium', () => {
  it('meter posts about every 100 ms with the sine levels, recorder returns 0.5 s in 0.25 s chunks, live gain clamps at 20×', async () => {
    const r = (await page.evaluate(() => (window as unknown as PageHooks).otherWorklets!())) as {
      levels: { peakDb: number; rmsDb: number; fullScaleShare: number; ms: number }[];
      frames: number;
      recorded: number;
      chunkCount: number;
      peak: number;
    };
    // 1 s at 44.1 kHz in 128-frame quanta: a message once 4410 frames have accumulated → 9–10 messages.
    expect(r.levels.length).toBeGreaterThanOrEqual(9);
    expect(r.levels.length).toBeLessThanOrEqual(10);
    const last = r.levels[r.levels.length - 1]!;
    expect(last.peakDb).toBeCloseTo(20 * Math.log10(0.5), 1);
    expect(last.rmsDb).toBeCloseTo(20 * Math.log10(0.5 / Math.SQRT2), 1);
    // A half-scale sine never reaches full scale; each window is 35 quanta of 128 frames (101.6 ms).
    expect(last.fullScaleShare).toBe(0);
    expect(last.ms).toBeCloseTo((35 * 128 * 1000) / 44100, 3);
    expect(r.frames).toBe(22050);
    expect(r.recorded).toBe(22050);
    expect(r.chunkCount).toBe(2);
    // 0.5 × 20 = 10 (clamped from 50 × 0.5 = 25).
    expect(r.peak).toBeGreaterThan(9.9);
    expect(r.peak).toBeLessThan(10.01);
  });
});

describe('the bad-noise processor in Chromium (exams-and-devices §5 badNoiseDetected)', () => {
  it('stays quiet on clean heart-like bursts and reports bad noise once noise fills the gaps, only on a change', async () => {
    const verdicts = (await page.evaluate(() => (window as unknown as PageHooks).badNoiseWorklet!())) as {
      bad: boolean;
      at: number;
    }[];
    // One message: the change to bad, after the noise began at 2 s (the verdict is over the last second).
    expect(verdicts.map((v) => v.bad)).toEqual([true]);
    expect(verdicts[0]!.at).toBeGreaterThan(2);
    expect(verdicts[0]!.at).toBeLessThan(3.5);
  });
});
