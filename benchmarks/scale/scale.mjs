// npm run bench:scale — Auscura as a cluster on this machine (deploy/local-cluster.mjs: HAProxy,
// api and worker processes, PostgreSQL, Redis, s3rver, coturn) with 1 or 2 api processes and 1 or 2
// workers. For each: upload-to-ready throughput (BENCH_SCALE_UPLOADS 60 s 44.1 kHz recordings sent
// BENCH_SCALE_CLIENTS at a time through HAProxy, from the first byte sent to the last recording
// processed), live-exam state latency through HAProxy (BENCH_SCALE_EXAMS exams, the patient's side
// writing once a second, time until the provider's side has the new state), and the CPU seconds of
// every process during each phase (/proc), so what more cores would give can be read off the
// measurement. Needs PostgreSQL (TEST_DATABASE_URL) and Redis; ports TOPOLOGY_BASE_PORT (9400) + …
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { WebSocket } from 'ws';
import { encodeWav, loadEngine, readMonoWav } from '../../packages/audio-engine/dist/node.js';
import { signInOverHttp } from '../api/sign-in.mjs';
import { startCluster, waitFor } from '../../deploy/local-cluster.mjs';

const uploads = Number(process.env.BENCH_SCALE_UPLOADS ?? 24);
const clients = Number(process.env.BENCH_SCALE_CLIENTS ?? 6);
const exams = Number(process.env.BENCH_SCALE_EXAMS ?? 50);
const liveSeconds = Number(process.env.BENCH_SCALE_SECONDS ?? 15);
const layouts = (process.env.BENCH_SCALE_LAYOUTS ?? '1x1,2x1,1x2,2x2').split(',').map((layout) => {
  const [apis, workers] = layout.split('x').map(Number);
  return { apis, workers };
});
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const round = (value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** A 60 s 44.1 kHz mono 16-bit WAV: a CirCor heart recording resampled by the engine and looped (as bench:upload). */
function sixtySecondRecording() {
  const engine = loadEngine();
  const fixture = path.resolve(import.meta.dirname, '../fixtures/audio/heart_normal_circor_50017_MV.wav');
  const { samples, sampleRate } = readMonoWav(fixture);
  const resampled = engine.resample(samples, sampleRate, 44100);
  const out = new Float32Array(60 * 44100);
  for (let at = 0; at < out.length; at += resampled.length) out.set(resampled.subarray(0, out.length - at), at);
  return Buffer.from(encodeWav([out], 44100, 'pcm16'));
}

/** CPU time (s) of a process from /proc, 0 once it is gone. */
function cpuSeconds(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime + stime in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}
/** The PostgreSQL backends serving this cluster's database (their process title names it). */
function postgresBackends(database) {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(database);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** CPU seconds per process (and per PostgreSQL backend of our database, summed) over `run`. */
async function measureCpu(cluster, run) {
  const database = new URL(cluster.databaseUrl).pathname.slice(1);
  const named = () => [
    ...[...cluster.processes.values()].filter((entry) => entry.alive()).map((entry) => [entry.name, entry.pid]),
    ['haproxy', cluster.haproxy.pid],
  ];
  const before = new Map(named().map(([name, pid]) => [name, cpuSeconds(pid)]));
  const backends = postgresBackends(database);
  const postgresBefore = new Map(backends.map((pid) => [pid, cpuSeconds(pid)]));
  const started = performance.now();
  const result = await run();
  const seconds = (performance.now() - started) / 1000;
  const cpu = Object.fromEntries(
    named().map(([name, pid]) => [name, round(cpuSeconds(pid) - (before.get(name) ?? 0), 2)]),
  );
  // Backends opened during the run count from zero.
  let postgres = 0;
  for (const pid of postgresBackends(database)) postgres += cpuSeconds(pid) - (postgresBefore.get(pid) ?? 0);
  cpu.postgres = round(postgres, 2);
  return { result, seconds: round(seconds, 2), cpu };
}

async function uploadPhase(cluster, token, examId, recording, db, count = uploads) {
  const api = (url, init = {}) =>
    fetch(`${cluster.origin}/api/v1${url}`, {
      ...init,
      headers: { ...init.headers, authorization: `Bearer ${token}` },
    });
  const before = Number((await db.query("SELECT count(*) FROM recording_jobs WHERE state = 'done'")).rows[0].count);
  let next = 0;
  const uploader = async () => {
    while (next < count) {
      next++;
      const form = new FormData();
      form.set('auscultation', JSON.stringify({ auscultationPoint: { type: 'heart', label: 'h1' } }));
      form.set('recordingData', new Blob([recording], { type: 'audio/wav' }), 'recording.wav');
      const response = await api(`/exams/${examId}/auscultations`, { method: 'POST', body: form });
      if (response.status !== 201) throw new Error(`upload answered ${response.status}`);
      await response.body?.cancel();
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, uploader));
  const uploaded = performance.now();
  await waitFor(
    'every upload to be processed',
    async () =>
      Number((await db.query("SELECT count(*) FROM recording_jobs WHERE state = 'done'")).rows[0].count) >=
      before + count,
    600_000,
    100,
  );
  const ready = performance.now();
  return {
    uploadSeconds: round((uploaded - started) / 1000, 2),
    readySeconds: round((ready - started) / 1000, 2),
    recordingsPerSecond: round(count / ((ready - started) / 1000), 2),
  };
}

async function liveExamPhase(cluster, token) {
  const origin = cluster.origin;
  const json = async (response) => {
    if (!response.ok) throw new Error(`${response.url} answered ${response.status}`);
    return response.json();
  };
  const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const patients = await json(await fetch(`${origin}/api/v1/search/patient-profiles`, { headers }));
  const connect = (virtualExamId, participantToken) =>
    new Promise((resolve, reject) => {
      const socket = new WebSocket(`${origin.replace(/^http/, 'ws')}/api/v1/realtime/live-exam/${virtualExamId}`);
      socket.once('error', reject);
      socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token: participantToken })));
      socket.on('message', function ready(data) {
        if (JSON.parse(String(data)).type === 'ready') {
          socket.off('message', ready);
          // Pings every 3 s as the web app's client does: the server ends a connection silent for 7 s.
          const ping = setInterval(() => socket.send(JSON.stringify({ type: 'ping' })), 3000);
          socket.once('close', () => clearInterval(ping));
          resolve(socket);
        }
      });
    });
  const rooms = [];
  for (let i = 0; i < exams; i++) {
    const exam = await json(
      await fetch(`${origin}/api/v1/virtual-exams`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          healthcareProviderId: claims['https://auscura.example/healthcareProviderId'],
          patientProfileId: patients.items[i % patients.items.length].id,
          timeZone: 'UTC',
        }),
      }),
    );
    const session = await json(
      await fetch(`${origin}/api/v1/virtual-exams/${exam.id}/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userName: `Patient ${i}`, accessCode: exam.accessCode }),
      }),
    );
    const participant = (kind, bearer) =>
      fetch(`${origin}/api/v1/realtime/auth/live-exam/${exam.id}/${kind}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}` },
      }).then(json);
    const provider = await connect(exam.id, (await participant('authorized-participant', token)).value);
    const patient = await connect(exam.id, (await participant('potential-participant', session.token)).value);
    rooms.push({ provider, patient });
  }
  // Admitted, so the provider's side sees every field the patient writes.
  const until = (socket, predicate) =>
    new Promise((resolve) => {
      const listener = (data) => {
        const message = JSON.parse(String(data));
        if (message.type === 'state' && predicate(message.state)) {
          socket.off('message', listener);
          resolve();
        }
      };
      socket.on('message', listener);
    });
  let writeId = 1;
  const write = (socket, path, value) => socket.send(JSON.stringify({ type: 'write', id: writeId++, path, value }));
  for (const room of rooms) {
    const pending = until(room.provider, (state) => state.examEntryRequest?.status === 'pending');
    write(room.patient, 'examEntryRequest', { status: 'pending' });
    await pending;
    const approved = until(room.patient, (state) => state.examEntryRequest?.status === 'approved');
    write(room.provider, 'examEntryRequest', { status: 'approved' });
    await approved;
  }
  const latencies = [];
  let missed = 0;
  let refused = 0;
  for (const room of rooms) {
    room.patient.on('message', (data) => {
      if (JSON.parse(String(data)).type === 'error') refused++;
    });
  }
  const measured = await measureCpu(cluster, async () => {
    const deadline = Date.now() + liveSeconds * 1000;
    let flip = false;
    while (Date.now() < deadline) {
      flip = !flip;
      const second = Date.now();
      await Promise.all(
        rooms.map(async (room, i) => {
          await sleep((i * 1000) / rooms.length);
          const sent = performance.now();
          const seen = until(room.provider, (state) => state.isM1Connected === flip);
          write(room.patient, 'isM1Connected', flip);
          // A change not seen within 5 s is counted as missed (and the exam's next write still measured).
          const arrived = await Promise.race([seen.then(() => true), sleep(5000).then(() => false)]);
          if (arrived) latencies.push(performance.now() - sent);
          else missed++;
        }),
      );
      await sleep(Math.max(0, 1000 - (Date.now() - second)));
    }
  });
  for (const room of rooms) {
    room.provider.close();
    room.patient.close();
  }
  return {
    writes: latencies.length,
    missed,
    refused,
    p50Ms: round(percentile(latencies, 50)),
    p95Ms: round(percentile(latencies, 95)),
    cpu: measured.cpu,
    seconds: measured.seconds,
  };
}

const recording = sixtySecondRecording();
const results = [];
console.log(
  `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model}), load ${os
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(' ')}`,
);
for (const { apis, workers } of layouts) {
  const cluster = await startCluster({ apis, workers });
  const db = new pg.Client({ connectionString: cluster.databaseUrl });
  await db.connect();
  try {
    const token = await signInOverHttp(cluster.origin, 'ada@riverside.example', 'Auscura-demo-2026');
    const examId = (
      await (
        await fetch(`${cluster.origin}/api/v1/search/exams`, { headers: { authorization: `Bearer ${token}` } })
      ).json()
    ).items[0].id;
    // Warm-up: a few recordings through the whole path (JIT, worker threads, connections).
    await uploadPhase(cluster, token, examId, recording, db, clients);
    const upload = await measureCpu(cluster, () => uploadPhase(cluster, token, examId, recording, db));
    console.log(JSON.stringify({ layout: `${apis}x${workers}`, upload }));
    const live = await liveExamPhase(cluster, token);
    const row = {
      layout: `${apis} api × ${workers} worker`,
      load: os.loadavg()[0].toFixed(1),
      ...upload.result,
      uploadCpuSeconds: upload.cpu,
      liveWrites: live.writes,
      liveMissed: live.missed,
      liveRefused: live.refused,
      liveP50Ms: live.p50Ms,
      liveP95Ms: live.p95Ms,
      liveCpuSeconds: live.cpu,
    };
    console.log(JSON.stringify(row));
    results.push(row);
  } finally {
    await db.end();
    await cluster.stop();
  }
}
console.log(JSON.stringify({ uploads, clients, exams, liveSeconds, results }));
