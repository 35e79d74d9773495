import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumArgs } from './playwright.config';

/**
 * `npm run test:topology` (issue 39): Auscura as a cluster on this machine — HAProxy, two api and
 * two worker processes, PostgreSQL, Redis, s3rver and coturn (deploy/local-cluster.mjs) — and what
 * happens when processes die or stop. The spec starts the cluster itself; no webServer here.
 */
const basePort = Number(process.env.TOPOLOGY_BASE_PORT ?? 9400);

export default defineConfig({
  testDir: './e2e/topology',
  testMatch: '*.topology.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 180_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: path.join(os.tmpdir(), 'auscura-topology-results'),
  use: {
    baseURL: `http://localhost:${basePort}`,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
    trace: 'off',
  },
});
