// Runs test/browser/bench.html in Chromium (playwright-core, Debian's /usr/bin/chromium).
import { startServer } from './static-server.js';

/** Functions the test page puts on window (test/browser/*.js). */
type PageHooks = { [name: string]: (...args: unknown[]) => unknown };

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export interface BrowserBenchResult {
  /** Best of `runs` renders (ms): native nodes and the engine in an AudioWorklet. */
  native: number;
  engine: number;
  version: string;
  /** The spectrogram's worker round trip (ms): median and every run. */
  spectrogram: { median: number; all: number[] };
}

export async function runBrowserBench(executablePath: string, runs = 3): Promise<BrowserBenchResult> {
  const { chromium } = await import('playwright-core');
  const { server, origin } = await startServer();
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/test/browser/bench.html`);
    await page.waitForFunction('window.ready === true', undefined, { timeout: 30_000 });
    const r = (await page.evaluate((n) => (window as unknown as PageHooks).benchChain!(n), runs)) as {
      native: number;
      engine: number;
    };
    const spectrogram = (await page.evaluate(() => (window as unknown as PageHooks).benchSpectrogram!(9))) as {
      median: number;
      all: number[];
    };
    return { ...r, spectrogram, version: browser.version() };
  } finally {
    await browser.close();
    server.close();
  }
}
