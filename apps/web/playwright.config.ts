import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { e2eTurn } from './e2e/video/coturn';

/**
 * End-to-end tests drive the real server (`npm start`'s app, built) in Debian's Chromium.
 * Each run gets a fresh data folder, so the demo data is seeded anew.
 */
const port = Number(process.env.E2E_PORT ?? 8091);
export const baseURL = `http://localhost:${port}`;
// The runner and its workers each load this file: the folder is chosen once and handed down through
// the environment, so specs can run the operator CLI against the server's data (e2e/admin-cli.ts).
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `auscura-e2e-${process.pid}`);
process.env.E2E_DATA_DIR = dataDir;
const repoRoot = path.resolve(import.meta.dirname, '../..');
export const cspViolationsFile = `${dataDir}-csp-violations.jsonl`;

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: './e2e',
  // The whole suite runs under the server's Content-Security-Policy: any violation a page
  // reported fails the run at the end (e2e/csp-teardown.ts).
  globalTeardown: './e2e/csp-teardown.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: path.join(os.tmpdir(), 'auscura-e2e-results'),
  use: {
    baseURL,
    viewport: { width: 1440, height: 900 },
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
    trace: 'off',
  },
  webServer: {
    command: `node ${path.join(repoRoot, 'apps/api/dist/server.bundle.js')}`,
    url: `${baseURL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      SIGN_IN_LOCK_MINUTES: '15',
      CSP_VIOLATIONS_FILE: cspViolationsFile,
      // The video specs start coturn here (e2e/video/coturn.ts); the others never reach it.
      TURN_URLS: `turn:127.0.0.1:${e2eTurn.port}?transport=udp`,
      TURN_SECRET: e2eTurn.secret,
      // The benchmarks measure on a machine that is not also analysing the demo recordings,
      // which the server processes in the background for its first minute or so.
      ...(process.env.BENCH_STETHOSCOPE || process.env.BENCH_ROOM ? { SEED_DEMO_RECORDINGS: 'false' } : {}),
    },
  },
});
