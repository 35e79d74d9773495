import { defineConfig } from 'vitest/config';

// Files that replace a module with vi.mock need a fresh module graph: a module that imports the mocked
// one may already be loaded, unmocked, by an earlier file. They run isolated; the rest share one jsdom
// and one module graph per worker: the suite took 63–73 s this way against 170 s with every file
// isolated, on one machine (benchmarks/history/2026-12-07-ci-time.md §5). src/test/between-files.ts
// resets what a file can leave behind.
const mocking = [
  'src/app/auth-provider.test.tsx',
  'src/features/compatibility-test/components/compatibility-test-page.test.tsx',
  'src/features/in-person-exam/components/auscultation-wizard.test.tsx',
  'src/features/live-exam/provider/hooks/use-remote-recording.test.tsx',
  'src/features/live-exam/patient/hooks/use-patient-recordings.test.tsx',
  'src/lib/api/auscultations/get-recording.test.ts',
];

export default defineConfig({
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    environment: 'jsdom',
    restoreMocks: true,
    // The rendering tests walk whole dialogs in jsdom: ~4 s alone on these 2 cores, and past
    // vitest's 5 s default while other work shares the machine (the in-person wizard's test
    // took 4.0–6.8 s, before and after issue 14's changes alike).
    testTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: mocking,
          isolate: false,
          setupFiles: ['src/test/between-files.ts'],
        },
      },
      { extends: true, test: { name: 'isolated', include: mocking } },
    ],
  },
});
