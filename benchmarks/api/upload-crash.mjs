// npm run test:crash — acceptance 3 of the listening issue: SIGKILL the built server in the
// middle of concurrent uploads, start it again on the same DATA_DIR, and check that every
// auscultation row has its blob, that no blob lacks a row after the start-up sweep, and that
// the interrupted processing completes. Exits non-zero when a check fails. Run after a build.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signInOverHttp } from './sign-in.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const serverEntry = path.join(root, 'apps/api/dist/server.bundle.js');
const fixtures = path.join(root, 'benchmarks/fixtures/audio');
const port = Number(process.env.CRASH_PORT ?? 8187);
const origin = `http://localhost:${port}`;
const uploads = Number(process.env.CRASH_UPLOADS ?? 40);
const concurrency = 8;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auscura-crash-'));

function start() {
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
      LOG_LEVEL: 'error',
      // Only the uploads of this test are processed; the demo recordings would take minutes.
      SEED_DEMO_RECORDINGS: 'false',
      // The server holds DATA_DIR alone (its lock), so at start every unreferenced blob is an orphan.
      RECORDINGS_ORPHAN_GRACE_SECONDS: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function waitReady() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${origin}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not become ready');
}

const failures = [];
const check = (ok, message) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${message}`);
  if (!ok) failures.push(message);
};

const recordings = fs
  .readdirSync(fixtures)
  .filter((name) => name.startsWith('heart_') && name.endsWith('.wav'))
  .map((name) => fs.readFileSync(path.join(fixtures, name)));

let child = start();
try {
  await waitReady();
  let token = await signInOverHttp(origin, 'ada@riverside.example', 'Auscura-demo-2026');
  const api = (url, init = {}) =>
    fetch(`${origin}/api/v1${url}`, { ...init, headers: { ...init.headers, authorization: `Bearer ${token}` } });
  const exam = (await (await api('/search/exams')).json()).items[0].id;

  // Concurrent uploads; the server is killed once a few have been answered.
  const created = [];
  let sent = 0;
  let killed = false;
  let failedRequests = 0;
  const killAfter = Math.floor(uploads / 3);
  async function uploader(n) {
    while (sent < uploads && !killed) {
      const i = sent++;
      const form = new FormData();
      form.set('auscultation', JSON.stringify({ auscultationPoint: { type: 'heart', label: `h${1 + (i % 5)}` } }));
      form.set('recordingData', new Blob([recordings[(i + n) % recordings.length]], { type: 'audio/wav' }), 'r.wav');
      try {
        const response = await api(`/exams/${exam}/auscultations`, { method: 'POST', body: form });
        if (response.status === 201) created.push((await response.json()).id);
        else failedRequests++;
      } catch {
        failedRequests++;
      }
      if (created.length >= killAfter && !killed) {
        killed = true;
        child.kill('SIGKILL');
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, (_, n) => uploader(n)));
  await new Promise((resolve) =>
    child.exitCode !== null || child.signalCode ? resolve() : child.once('exit', resolve),
  );
  console.log(`killed with SIGKILL after ${created.length} answered uploads (${sent} sent, ${failedRequests} cut off)`);

  const beforeRestart = fs.readdirSync(path.join(dataDir, 'recordings'));
  child = start();
  await waitReady();
  token = await signInOverHttp(origin, 'ada@riverside.example', 'Auscura-demo-2026');

  // Interrupted processing completes after the restart.
  let auscultations = [];
  const deadline = Date.now() + 300_000;
  for (;;) {
    const detail = await (
      await api(`/exams/${exam}?q=${encodeURIComponent(JSON.stringify({ joinedLoads: ['auscultations'] }))}`)
    ).json();
    auscultations = detail.auscultations.filter((a) => a.recording);
    if (auscultations.every((a) => a.beatawareStatus !== 'processing') || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const ids = new Set(auscultations.map((a) => a.id));
  check(
    created.every((id) => ids.has(id)),
    `every upload answered 201 before the kill has its row (${created.length})`,
  );
  check(
    auscultations.every((a) => a.beatawareStatus === 'ready'),
    `processing completed for all ${auscultations.length} recordings (statuses: ${[...new Set(auscultations.map((a) => a.beatawareStatus))].join(', ')})`,
  );

  // Every row's blob and variants are there and decrypt (served in full).
  let complete = 0;
  for (const a of auscultations) {
    const raw = await api(`/auscultations/${a.id}/recording/data`);
    const body = Buffer.from(await raw.arrayBuffer());
    const algo1 = await api(`/auscultations/${a.id}/recording/normalized-data-algo1`);
    await algo1.arrayBuffer();
    if (raw.status === 200 && body.length === a.recording.size && algo1.status === 200) complete++;
  }
  check(complete === auscultations.length, `every row has its blob and variants (${complete}/${auscultations.length})`);

  // No blob lacks a row: every stored file belongs to a listed auscultation (the sweep ran at start).
  const files = fs.readdirSync(path.join(dataDir, 'recordings'));
  const strays = files.filter((name) => !ids.has(name.slice(0, 36)));
  check(
    strays.length === 0,
    `no blob without a row after the sweep (${files.length} files; before the restart ${beforeRestart.length}, ${beforeRestart.filter((n) => !ids.has(n.slice(0, 36))).length} of them orphans or temporary)`,
  );
} finally {
  if (child.exitCode === null && !child.signalCode) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (failures.length) {
  console.error(`${failures.length} check(s) failed`);
  process.exit(1);
}
console.log('crash test passed');
