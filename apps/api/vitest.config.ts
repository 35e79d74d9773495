import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  // Tests run on Node (Vite's SSR environment), which does not take the top-level conditions: without
  // this, @auscura/contracts resolves to its built dist and tests miss contract changes until a build.
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // PGlite and scrypt are CPU-heavy; on 2 cores, files in sequence are faster and steadier.
    fileParallelism: false,
  },
});
