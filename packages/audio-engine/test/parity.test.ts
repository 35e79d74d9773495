// Acceptance 1 and 2: Chromium's own BiquadFilterNode/DynamicsCompressorNode vs the engine in an
// AudioWorklet, in the same page; and the same output bits from the worklet, the worker and Node.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { loadEngine, readMonoWav } from '../src/node.js';
import { PRESET_NAMES } from '../src/presets.js';
import { startServer } from '../src/bench/static-server.js';
import { fixtureNames, fixturePath } from './helpers.js';

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
      const rows = (await page.evaluate(([f, p]) => (window as any).parity(f, p), [
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
