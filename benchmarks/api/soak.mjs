// npm run bench:soak — a long run of mixed traffic against the built server (the bundle `npm start`
// runs, on PGlite): exam and patient lists, exam pages (the exam with its recordings, neighbours,
// a recording download in ranges), note changes, uploads that the worker processes, and deletions
// of what was uploaded. Every interval it reports the server's memory (RSS from /proc), open file
// descriptors (its handles: sockets, files, the database), its live JavaScript heap (through the
// inspector, after a full collection), request errors and the p95 latency, then whether memory grew
// after the warm-up. Live exams run beside it (soak-live.mjs): SOAK_LIVE_EXAMS rooms (default 10), a
// provider and a patient on the WebSocket changing the shared state every second, a new exam every
// minute per room; their changes' p95 from write to the other side is reported apart.
// Bounded: SOAK_MINUTES (default 20).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encodeWav, loadEngine, readMonoWav } from '../../packages/audio-engine/dist/node.js';
import { signInOverHttp } from './sign-in.mjs';
import { runLiveExams } from './soak-live.mjs';
import { startServer } from '../support/server.mjs';

const port = Number(process.env.SOAK_PORT ?? 8187);
const minutes = Number(process.env.SOAK_MINUTES ?? 20);
const intervalSeconds = Number(process.env.SOAK_INTERVAL_SECONDS ?? 60);
const clients = Number(process.env.SOAK_CLIENTS ?? 4);
const liveRooms = Number(process.env.SOAK_LIVE_EXAMS ?? 10);
/** Minutes at the start whose growth is warm-up (caches, JIT, PGlite's WASM heap reaching its size). */
const warmupMinutes = Number(process.env.SOAK_WARMUP_MINUTES ?? Math.min(5, minutes / 4));
const fixtures = path.resolve(import.meta.dirname, '../fixtures/audio');

/** A 20 s recording at 4 kHz from a CirCor heart fixture, looped (what a short self-exam upload is like). */
function recording() {
  loadEngine();
  const { samples, sampleRate } = readMonoWav(path.join(fixtures, 'heart_normal_circor_50017_MV.wav'));
  const out = new Float32Array(20 * sampleRate);
  for (let at = 0; at < out.length; at += samples.length) out.set(samples.subarray(0, out.length - at), at);
  return Buffer.from(encodeWav([out], sampleRate, 'pcm16'));
}

const percentile = (values, p) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const round = (value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

function processStats(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return { rssMb: rssKb / 1024, fds: fs.readdirSync(`/proc/${pid}/fd`).length };
}

/** Least-squares slope of y over x. */
function slope(points) {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const num = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const den = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return den ? num / den : 0;
}

const wav = recording();
/**
 * The server's live JavaScript heap, through its inspector (loopback only, this run only): a
 * garbage collection first, so the figure is what is still referenced, not what awaits collection.
 */
const inspectPort = Number(process.env.SOAK_INSPECT_PORT ?? port + 1);
async function liveHeapMb() {
  const [target] = await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json();
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let next = 1;
  const call = (method) =>
    new Promise((resolve) => {
      const id = next++;
      socket.addEventListener('message', function answer(event) {
        const message = JSON.parse(String(event.data));
        if (message.id !== id) return;
        socket.removeEventListener('message', answer);
        resolve(message.result);
      });
      socket.send(JSON.stringify({ id, method }));
    });
  await call('HeapProfiler.collectGarbage');
  const usage = await call('Runtime.getHeapUsage');
  socket.close();
  return usage.usedSize / 1024 / 1024;
}

const { origin, stop, pid } = await startServer({
  port,
  name: 'soak',
  env: { SEED_DEMO_RECORDINGS: 'false' },
  showErrors: true,
  nodeFlags: [`--inspect=127.0.0.1:${inspectPort}`],
});
// Interrupted (Ctrl-C, a closed pipe): stop the server too, so it does not outlive the run.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => void stop().finally(() => process.exit(130)));
}
process.stdout.on('error', () => void stop().finally(() => process.exit(1)));
const startedAt = Date.now();
const loadAtStart = os.loadavg();
const rows = [];
try {
  // Access tokens live 15 minutes: sign in again every 5, as the web app refreshes its token.
  const headers = { authorization: '' };
  const renew = async () => {
    headers.authorization = `Bearer ${await signInOverHttp(origin, 'ada@riverside.example', 'Auscura-demo-2026')}`;
  };
  await renew();
  // Stopped with the run: a renewal racing the server's shutdown is not an error of the server.
  const renewal = setInterval(
    () => void renew().catch((error) => running && console.error(`sign-in: ${error.message}`)),
    300_000,
  );
  const q = (query) => `q=${encodeURIComponent(JSON.stringify(query))}`;
  const emptyWindow = () => ({ latencies: [], live: [], errors: 0, requests: 0, uploads: 0, processed: 0, kinds: {} });
  let window = emptyWindow();
  /** `gone`: a 404 is an answer here (a recording another client deleted meanwhile), not an error. */
  const api = async (kind, url, init = {}, gone = false) => {
    const started = performance.now();
    let response;
    try {
      response = await fetch(`${origin}/api/v1${url}`, { ...init, headers: { ...init.headers, ...headers } });
      await response.arrayBuffer();
    } catch (error) {
      window.errors++;
      window.requests++;
      console.error(`${kind}: ${error.message}`);
      return undefined;
    }
    window.latencies.push(performance.now() - started);
    window.requests++;
    window.kinds[kind] = (window.kinds[kind] ?? 0) + 1;
    if (response.status >= 400 && !(gone && response.status === 404)) {
      window.errors++;
      console.error(`${kind} ${url.split('?')[0]} answered ${response.status}`);
    }
    return response;
  };
  const json = async (kind, url, init) => {
    const started = performance.now();
    const response = await fetch(`${origin}/api/v1${url}`, { ...init, headers: { ...init?.headers, ...headers } });
    const body = await response.json();
    window.latencies.push(performance.now() - started);
    window.requests++;
    window.kinds[kind] = (window.kinds[kind] ?? 0) + 1;
    if (response.status >= 400) {
      window.errors++;
      console.error(`${kind} ${url.split('?')[0]} answered ${response.status}`);
    }
    return body;
  };

  const exams = (
    await json('list', `/search/organization-exams?${q({ pagination: { pageNumber: 1, pageSize: 100 } })}`)
  ).items;
  const patients = (
    await json('list', `/search/patient-profiles?${q({ pagination: { pageNumber: 1, pageSize: 100 } })}`)
  ).items;
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  const uploaded = [];

  const actions = [
    [
      20,
      async () =>
        api(
          'list',
          `/search/exams?${q({ joinedLoads: ['patientProfile', 'healthcareProvider'], pagination: { pageNumber: 1 + Math.floor(Math.random() * 3), pageSize: 10 } })}`,
        ),
    ],
    [
      10,
      async () =>
        api(
          'list',
          `/search/organization-exams?${q({ filters: [{ field: 'reviewed', op: 'eq', value: false }], joinedLoads: ['patientProfile'] })}`,
        ),
    ],
    [
      10,
      async () =>
        api(
          'list',
          `/search/patient-profiles?${q({ filters: [{ field: 'search', op: 'like', value: pick(patients).lastName.slice(0, 3) }] })}`,
        ),
    ],
    [5, async () => api('list', '/healthcare-providers-overview')],
    [
      25,
      async () => {
        // An exam page: the exam with its recordings and patient, its neighbours, a recording in ranges.
        const exam = pick(exams);
        const body = await json(
          'exam page',
          `/exams/${exam.id}?${q({ joinedLoads: ['patientProfile', 'auscultations', 'healthcareProvider'] })}`,
        );
        await api('exam page', `/exams/${exam.id}/adjacent?isOrganizationExams=true`);
        void body;
        // One of the recordings uploaded here (the seeded rows have no recording files in this run);
        // a 404 is an answer when another client deleted it meanwhile.
        const withRecording = pick(uploaded.filter((entry) => entry.ready));
        if (withRecording) {
          const recordingPath = `/auscultations/${withRecording.id}/recording/data`;
          await api('exam page', recordingPath, { headers: { range: 'bytes=0-65535' } }, true);
          await api('exam page', recordingPath, { headers: { range: 'bytes=65536-' } }, true);
        }
      },
    ],
    [
      5,
      async () =>
        api('notes', `/exams/${pick(exams).id}/notes`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ value: `Soak note ${Date.now()}` }),
        }),
    ],
    [
      5,
      async () => {
        const form = new FormData();
        form.set('auscultation', JSON.stringify({ auscultationPoint: { type: 'heart', label: 'h1' } }));
        form.set('recordingData', new Blob([wav], { type: 'audio/wav' }), 'recording.wav');
        const exam = pick(exams);
        const created = await json('upload', `/exams/${exam.id}/auscultations`, { method: 'POST', body: form });
        if (created.id) {
          window.uploads++;
          uploaded.push({ id: created.id, ready: false });
        }
      },
    ],
    [
      5,
      async () => {
        // Processing: check the oldest uploads; delete those processed long enough ago (bounded data).
        for (const entry of uploaded.slice(0, 5)) {
          if (entry.ready) continue;
          const body = await json('processing', `/auscultations/${entry.id}`);
          if (body.beatawareStatus && body.beatawareStatus !== 'processing') {
            entry.ready = true;
            window.processed++;
          }
        }
        if (uploaded.length > 20 && uploaded[0].ready) {
          const entry = uploaded.shift();
          await api('delete', `/auscultations/${entry.id}`, { method: 'DELETE' });
        }
      },
    ],
  ];
  const totalWeight = actions.reduce((sum, [weight]) => sum + weight, 0);
  const nextAction = () => {
    let roll = Math.random() * totalWeight;
    for (const [weight, action] of actions) if ((roll -= weight) < 0) return action;
    return actions[0][1];
  };

  const endAt = startedAt + minutes * 60_000;
  let running = true;
  const workers = Array.from({ length: clients }, async () => {
    while (running && Date.now() < endAt) await nextAction()();
  });
  const claims = JSON.parse(Buffer.from(headers.authorization.split('.')[1], 'base64url').toString());
  const live = runLiveExams({
    origin,
    authorization: () => headers.authorization,
    providerId: claims['https://auscura.example/healthcareProviderId'],
    patientProfileId: patients[0].id,
    rooms: liveRooms,
    roomSeconds: 60,
    running: () => running && Date.now() < endAt,
    record: (ms) => window.live.push(ms),
    fail: (message) => {
      window.errors++;
      console.error(message);
    },
  });
  console.log(
    `soak: ${minutes} min, ${clients} clients, server pid ${pid}, load average ${loadAtStart.map((v) => round(v, 2)).join(' ')}`,
  );
  console.log('minute  rss MB  heap MB  fds  requests  errors  p95 ms  uploads  processed  live changes  live p95 ms');
  const reporter = (async () => {
    while (Date.now() < endAt) {
      await new Promise((resolve) =>
        setTimeout(resolve, Math.min(intervalSeconds * 1000, Math.max(0, endAt - Date.now()))),
      );
      const stats = processStats(pid);
      const heapMb = await liveHeapMb();
      const row = {
        minute: round((Date.now() - startedAt) / 60_000, 2),
        rssMb: round(stats.rssMb),
        heapMb: round(heapMb),
        fds: stats.fds,
        requests: window.requests,
        errors: window.errors,
        p95Ms: round(percentile(window.latencies, 95)),
        uploads: window.uploads,
        processed: window.processed,
        liveChanges: window.live.length,
        liveP95Ms: round(percentile(window.live, 95)),
      };
      rows.push(row);
      window = emptyWindow();
      console.log(
        `${String(row.minute).padStart(6)}  ${String(row.rssMb).padStart(6)}  ${String(row.heapMb).padStart(7)}  ${String(row.fds).padStart(3)}  ${String(row.requests).padStart(8)}  ${String(row.errors).padStart(6)}  ${String(row.p95Ms).padStart(6)}  ${String(row.uploads).padStart(7)}  ${String(row.processed).padStart(9)}  ${String(row.liveChanges).padStart(12)}  ${String(row.liveP95Ms).padStart(11)}`,
      );
    }
  })();
  await reporter;
  running = false;
  await Promise.all([...workers, live]);
  clearInterval(renewal);
} finally {
  await stop();
}

const after = rows.filter((row) => row.minute > warmupMinutes);
const growthPerMinute = slope(after.map((row) => ({ x: row.minute, y: row.rssMb })));
const heapGrowthPerMinute = slope(after.map((row) => ({ x: row.minute, y: row.heapMb })));
const errors = rows.reduce((sum, row) => sum + row.errors, 0);
const summary = {
  minutes,
  clients,
  liveRooms,
  liveChanges: rows.reduce((sum, row) => sum + row.liveChanges, 0),
  liveP95MsRange: [Math.min(...rows.map((r) => r.liveP95Ms)), Math.max(...rows.map((r) => r.liveP95Ms))],
  loadAverageAtStart: loadAtStart.map((v) => round(v, 2)),
  loadAverageAtEnd: os.loadavg().map((v) => round(v, 2)),
  requests: rows.reduce((sum, row) => sum + row.requests, 0),
  errors,
  rssAfterWarmupMb: after.length ? [after[0].rssMb, after.at(-1).rssMb] : [],
  rssGrowthAfterWarmupMbPerMinute: round(growthPerMinute, 3),
  liveHeapAfterWarmupMb: after.length ? [after[0].heapMb, after.at(-1).heapMb] : [],
  liveHeapGrowthAfterWarmupMbPerMinute: round(heapGrowthPerMinute, 3),
  fdsAfterWarmup: after.length ? [Math.min(...after.map((r) => r.fds)), Math.max(...after.map((r) => r.fds))] : [],
  p95MsRange: [Math.min(...rows.map((r) => r.p95Ms)), Math.max(...rows.map((r) => r.p95Ms))],
};
console.log(JSON.stringify({ summary, rows }, null, 2));
// A leak is JavaScript the server keeps referencing: a live heap (after a full collection) that keeps
// rising after the warm-up, over 0.25 MB a minute (15 MB an hour), fails the run, as does any error.
// RSS is reported beside it: it also holds PGlite's WASM memory, which grows with the database (every
// request adds an audit entry) up to PostgreSQL's buffer sizes, and never shrinks.
if (errors > 0 || heapGrowthPerMinute > 0.25) {
  console.error(
    `soak FAILED: ${errors} errors, live heap ${round(heapGrowthPerMinute, 3)} MB/min after warm-up (RSS ${round(growthPerMinute, 3)} MB/min)`,
  );
  process.exitCode = 1;
}
