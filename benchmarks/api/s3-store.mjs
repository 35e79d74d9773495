// npm run bench:s3-store — the S3 recording store's own cost, against s3rver on loopback: PUT of a 60 s
// 44.1 kHz recording (5.3 MB, encrypted in memory then sent), whole GET, and ranged GET of 64 KiB
// (what the player's Range requests cost), with wall time per operation and the client process's
// CPU per operation (process.cpuUsage; s3rver runs in a child and is not counted). Written to
// compare the hand-written SigV4 client with the AWS SDK that replaced it (issue 39); run after a
// build. BENCH_S3_PUTS (default 40), BENCH_S3_RANGES (default 200); BENCH_S3_STORE_MODULE measures another
// build of the store (a path to a module exporting createS3Store, e.g. an older version bundled with esbuild).
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const puts = Number(process.env.BENCH_S3_PUTS ?? 40);
const ranges = Number(process.env.BENCH_S3_RANGES ?? 200);
const requireFromApi = createRequire(path.resolve(import.meta.dirname, '../../apps/api/package.json'));
const storeModule = process.env.BENCH_S3_STORE_MODULE
  ? pathToFileURL(path.resolve(process.env.BENCH_S3_STORE_MODULE)).href
  : '../../apps/api/dist/storage/s3-store.js';
const { createS3Store } = await import(storeModule);

// s3rver in a child process with OpenSSL's legacy provider (its list tokens use DES), as the tests run it.
async function startS3rver(directory) {
  const script = `
    const S3rver = require(process.env.S3RVER_MODULE);
    new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: process.env.S3RVER_DIRECTORY,
      configureBuckets: [{ name: 'bench' }] }).run().then(({ port }) => console.log(JSON.stringify({ port })));
    process.stdin.on('end', () => process.exit(0)).resume();`;
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '-e', script], {
    env: { ...process.env, S3RVER_MODULE: requireFromApi.resolve('s3rver'), S3RVER_DIRECTORY: directory },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    child.stdout.once('data', (data) => resolve(JSON.parse(String(data)).port));
    child.once('exit', () => reject(new Error('s3rver exited')));
  });
  return { endpoint: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'auscura-bench-s3-'));
const server = await startS3rver(directory);
try {
  const store = createS3Store({
    bucket: 'bench',
    region: 'us-east-1',
    endpoint: server.endpoint,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    prefix: '',
    masterKey: crypto.randomBytes(32),
  });
  await store.check();
  const recording = crypto.randomBytes(60 * 44100 * 2 + 44);
  const measure = async (name, count, operation) => {
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (let i = 0; i < count; i++) await operation(i);
    const wall = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const row = {
      store: process.env.BENCH_S3_STORE_MODULE ?? 'dist',
      operation: name,
      count,
      msPerOperation: Math.round((wall / count) * 100) / 100,
      cpuMsPerOperation: Math.round(((used.user + used.system) / 1000 / count) * 100) / 100,
    };
    console.log(JSON.stringify(row));
    return row;
  };
  const drain = async (stream) => {
    let bytes = 0;
    for await (const chunk of stream) bytes += chunk.length;
    return bytes;
  };
  // Warm-up (JIT, connections), not counted.
  for (let i = 0; i < 3; i++) await store.put(`warm-${i}.wav`, recording);
  await measure('put 5.3 MB', puts, (i) => store.put(`r-${i}.wav`, recording));
  await measure('get whole 5.3 MB', puts, async (i) => {
    if ((await drain(await store.get(`r-${i}.wav`))) !== recording.length) throw new Error('short read');
  });
  await measure('get range 64 KiB', ranges, async (i) => {
    const start = (i * 7919 * 64) % (recording.length - 65536);
    if ((await drain(await store.get(`r-${i % puts}.wav`, { start, end: start + 65535 }))) !== 65536) {
      throw new Error('short range');
    }
  });
  await measure('head', ranges, (i) => store.head(`r-${i % puts}.wav`));
  await measure('delete', puts, (i) => store.delete(`r-${i}.wav`));
} finally {
  server.stop();
  fs.rmSync(directory, { recursive: true, force: true });
}
