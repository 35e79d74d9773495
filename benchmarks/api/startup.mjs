// Time from starting the server process to /readyz answering, cold (empty DATA_DIR: initdb in
// WASM, migrations, demo seed) and warm (same DATA_DIR again). Run after `npm run build`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const server = path.join(root, 'apps/api/dist/server.bundle.js');
const port = 8181;
const runs = Number(process.env.RUNS ?? 5);

async function startOnce(dataDir) {
  const started = performance.now();
  const child = spawn(process.execPath, [server], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error' },
    stdio: 'ignore',
  });
  const deadline = started + 120_000;
  while (performance.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const readyMs = performance.now() - started;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return readyMs;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auscura-bench-startup-'));
const cold = await startOnce(dataDir);
const warm = [];
for (let i = 0; i < runs; i++) warm.push(await startOnce(dataDir));
fs.rmSync(dataDir, { recursive: true, force: true });
warm.sort((a, b) => a - b);
const median = warm[Math.floor(warm.length / 2)];
const result = {
  benchmark: 'startup',
  coldMs: Math.round(cold),
  warmMedianMs: Math.round(median),
  warmMinMs: Math.round(warm[0]),
  warmMaxMs: Math.round(warm.at(-1)),
  runs,
  targetWarmMs: 3000,
};
console.log(JSON.stringify(result, null, 2));
