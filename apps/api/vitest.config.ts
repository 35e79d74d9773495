import { defineConfig } from 'vitest/config';

export default defineConfig({
  // 'source': workspace packages resolve to their TypeScript sources, so tests see contract
  // changes without a build (the SSR resolver, which vitest uses for Node tests, needs it too).
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['src/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two files at a time (the machines have two cores): the suite took 406 s this way against
    // 778 s one file at a time (benchmarks/history/2026-12-07-ci-time.md §5); a file alone often
    // waits on PostgreSQL, child processes or the network, which the other file fills.
    fileParallelism: true,
    maxWorkers: 2,
    // The product's V8 flags (apps/api/src/runtime-flags.ts): Maglev off, as the server runs.
    execArgv: ['--no-maglev'],
  },
});
