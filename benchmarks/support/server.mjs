// Starts the built server (the same bundle `npm start` runs) on a fresh data folder for a
// benchmark, waits until /readyz answers, and stops it again. Shared by the benchmark scripts.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// BENCH_SERVER_ENTRY: another build's bundle (a before/after comparison).
const serverEntry =
  process.env.BENCH_SERVER_ENTRY ?? path.resolve(import.meta.dirname, '../../apps/api/dist/server.bundle.js');

/**
 * The V8 flags `npm start` gives the server (package.json): 64 MB semi-spaces for the young
 * generation. An exam list request allocates ~120–150 KB (rows, the answer, its JSON); under
 * bench:api's load, Node 20's default 16 MB semi-spaces meant a 3.3 ms scavenge every ~100
 * requests, 64 MB one of 2.3 ms every ~350, and the server's CPU per list request was 13–28 % lower
 * in alternated runs (--trace-gc, 2026-11-23; benchmarks/history/2026-11-results-journal.md, "The
 * morning of 2026-11-23").
 */
const serverNodeFlags = ['--max-semi-space-size=64'];

/**
 * `entry`: another build's server bundle than this checkout's (a side-by-side comparison);
 * `stdout`: a file for the server's standard output (e.g. --trace-gc's lines), else it is dropped.
 */
export async function startServer({
  port,
  name,
  env = {},
  showErrors = false,
  nodeFlags = [],
  entry = serverEntry,
  stdout,
}) {
  const origin = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `auscura-bench-${name}-`));
  const out = stdout ? fs.openSync(stdout, 'w') : 'ignore';
  const child = spawn(process.execPath, [...serverNodeFlags, ...nodeFlags, entry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio: ['ignore', out, showErrors ? 'inherit' : 'ignore'],
  });
  if (typeof out === 'number') fs.closeSync(out);
  const stop = async () => {
    // A server killed by a signal (a crash test's SIGKILL) has a signalCode and no exitCode: it has exited.
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${origin}/readyz`)).ok) return { origin, stop, pid: child.pid };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`the server on port ${port} did not become ready within 120 s`);
}

/** Debian Chromium's flags for this closed network (DEVELOPERS.md). */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
