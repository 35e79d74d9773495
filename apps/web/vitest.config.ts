import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // The rendering tests walk whole dialogs in jsdom: ~4 s alone on these 2 cores, and past
    // vitest's 5 s default while other work shares the machine (the in-person wizard's test
    // took 4.0–6.8 s, before and after issue 14's changes alike).
    testTimeout: 20_000,
  },
});
