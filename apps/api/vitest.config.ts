import { defineConfig } from 'vitest/config';

export default defineConfig({
  // 'source': workspace packages resolve to their TypeScript sources, so tests see contract
  // changes without a build (the SSR resolver, which vitest uses for Node tests, needs it too).
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // PGlite and scrypt are CPU-heavy; on 2 cores, files in sequence are faster and steadier.
    fileParallelism: false,
  },
});
