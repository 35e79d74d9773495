// `npm test`: every test suite in turn, each step timed, with a summary at the end (and on the
// first failure) so a slow or failing step is named, not guessed. Lint and type-check run side by
// side: both are single-threaded (ESLint, Prettier, dependency-cruiser; tsc per package) and the
// machines have two cores. The unit and integration suites run two packages at a time; the suites
// after them use both cores each and run one at a time.
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Where the engine's regression test writes its report (JUnit + HTML) when it fails. */
const REGRESS_DIR = fileURLToPath(new URL('../ci-artifacts/regress/', import.meta.url));
const REGRESS_REPORT = `${REGRESS_DIR}index.html`;
// A report left by an earlier run would be named as this run's.
rmSync(REGRESS_DIR, { recursive: true, force: true });

/** A step: a name and the command run in the shell from the repository root. */
const steps = [
  [
    { name: 'lint', command: 'npm run lint --silent' },
    { name: 'typecheck', command: 'npm run typecheck --silent' },
  ],
  // Two packages at a time (--concurrency=2), and the API's suite two files at a time (its vitest
  // config): on one machine the API's suite took 778 s one file at a time beside the web's, and 406 s
  // alone two at a time (benchmarks/history/2026-12-07-ci-time.md §5).
  [{ name: 'unit and integration', command: 'turbo run test --concurrency=2' }],
  [{ name: 'end-to-end', command: 'npm run test:e2e --silent' }],
  [{ name: 'crash', command: 'node benchmarks/api/upload-crash.mjs' }],
];

const timings = [];
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

function run({ name, command }) {
  const started = Date.now();
  process.stdout.write(`\n== ${name}: ${command}\n`);
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: 'inherit' });
    child.on('exit', (code, signal) => {
      const ms = Date.now() - started;
      timings.push({ name, ms, ok: code === 0 });
      process.stdout.write(`== ${name}: ${code === 0 ? 'passed' : `failed (${signal ?? code})`} in ${seconds(ms)}\n`);
      resolve(code === 0);
    });
  });
}

function summary(started) {
  process.stdout.write('\n== npm test, step by step\n');
  for (const { name, ms, ok } of timings)
    process.stdout.write(`   ${ok ? 'ok  ' : 'FAIL'} ${seconds(ms).padStart(6)}  ${name}\n`);
  process.stdout.write(`   total ${seconds(Date.now() - started)} (side-by-side steps overlap)\n`);
  if (existsSync(REGRESS_REPORT))
    process.stdout.write(`   DSP regression report: ${REGRESS_REPORT} (JUnit beside it: junit.xml)\n`);
}

const started = Date.now();
for (const group of steps) {
  const results = await Promise.all(group.map(run));
  if (results.includes(false)) {
    summary(started);
    process.exitCode = 1;
    break;
  }
}
if (!process.exitCode) summary(started);
