import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    globalSetup: ['test/built.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The browser parity test owns Chromium; run files one after another on this 2-core machine.
    fileParallelism: false,
    // The product's V8 flags (apps/api/src/runtime-flags.ts): Maglev off, as the server runs.
    execArgv: ['--no-maglev'],
  },
});
