// bench:realtime — the live exam's shared state under load (issue 15, acceptance 4).
// 500 live exams, each with a provider and an admitted patient connected by WebSocket (1,000
// clients), each exam writing one change per second, alternately from either side. Measured: the
// time from a write leaving one side to the state carrying it arriving at the other side (both
// sides run in this process, so one clock measures both ends), the server's memory per connection
// and its CPU per write. Runs once on one API process and once on two processes fanning out
// through Redis (provider sockets on one, patient sockets on the other).
//
// Needs PostgreSQL (BENCH_DATABASE_URL, default the test server) and, for the second run, Redis
// (BENCH_REDIS_URL, default redis://127.0.0.1:6379). Ports from BENCH_REALTIME_PORT (default 8670).
import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { WebSocket } from 'ws';
import { signInOverHttp } from '../api/sign-in.mjs';
import { startServer } from '../support/server.mjs';

const exams = Number(process.env.BENCH_EXAMS ?? 500);
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const warmupSeconds = 5;
const basePort = Number(process.env.BENCH_REALTIME_PORT ?? 8670);
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const only = process.env.BENCH_ONLY; // 'one' or 'two'

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function withDatabase(run) {
  const name = `auscura_bench_rt_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  for (const [key, value] of new URLSearchParams(process.env.BENCH_DATABASE_PARAMS ?? ''))
    url.searchParams.set(key, value);
  try {
    return await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/** Resident memory and CPU time (ms) of a process, from /proc. */
function processStats(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)[1]);
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { rssMb: rssKb / 1024, cpuMs: (ticks * 1000) / 100 };
}

async function api(origin, method, path, token, body) {
  const response = await fetch(`${origin}/api/v1${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** One client socket: signs in, keeps its heartbeat, remembers the newest state. */
function connect(origin, virtualExamId, token, onState) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${origin.replace(/^http/, 'ws')}/api/v1/realtime/live-exam/${virtualExamId}`);
    const client = { socket, state: null, nextId: 1, acks: new Map() };
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString());
      if (message.type === 'ready') resolve(client);
      else if (message.type === 'state') {
        client.state = message.state;
        onState(client, message.state);
      } else if (message.type === 'ack' || message.type === 'error') {
        client.acks.get(message.id)?.(message);
        client.acks.delete(message.id);
      }
    });
    socket.on('error', reject);
    client.heartbeat = setInterval(() => socket.readyState === 1 && socket.send('{"type":"ping"}'), 3000);
    client.write = (path, value) =>
      new Promise((done) => {
        const id = client.nextId++;
        client.acks.set(id, done);
        socket.send(JSON.stringify({ type: 'write', id, path, value }));
      });
    client.close = () => {
      clearInterval(client.heartbeat);
      socket.close();
    };
  });
}

async function inBatches(items, size, work) {
  const results = [];
  for (let i = 0; i < items.length; i += size) results.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return results;
}

async function run(label, databaseUrl, processCount) {
  const servers = [];
  const env = {
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: String(os.cpus().length),
    SEED_DEMO_RECORDINGS: 'false',
    RECORDING_WORKERS: '0',
    ...(processCount > 1 ? { REDIS_URL: redisUrl } : {}),
  };
  // One after the other: the first seeds the empty database, the second finds it seeded.
  for (let i = 0; i < processCount; i++)
    servers.push(await startServer({ port: basePort + i, name: `rt${i}`, env, showErrors: true }));
  const providerSide = servers[0];
  const patientSide = servers[processCount - 1];
  const clients = [];
  try {
    const token = await signInOverHttp(providerSide.origin, 'ada@riverside.example', 'Auscura-demo-2026');
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    const providerId = claims['https://auscura.example/healthcareProviderId'];
    const patients = await api(providerSide.origin, 'GET', '/search/patient-profiles', token);
    const patientId = patients.items[0].id;
    const setupStart = performance.now();
    const rooms = await inBatches([...Array(exams).keys()], 25, async () => {
      const exam = await api(providerSide.origin, 'POST', '/virtual-exams', token, {
        healthcareProviderId: providerId,
        patientProfileId: patientId,
        timeZone: 'UTC',
      });
      const session = await api(patientSide.origin, 'POST', `/virtual-exams/${exam.id}/auth`, null, {
        userName: 'Bench Patient',
        accessCode: exam.accessCode,
      });
      const [providerToken, patientToken] = await Promise.all([
        api(providerSide.origin, 'POST', `/realtime/auth/live-exam/${exam.id}/authorized-participant`, token),
        api(patientSide.origin, 'POST', `/realtime/auth/live-exam/${exam.id}/potential-participant`, session.token),
      ]);
      return { id: exam.id, providerToken: providerToken.value, patientToken: patientToken.value };
    });
    const before = servers.map((server) => processStats(server.pid));

    // Latency bookkeeping: per exam, the value in flight and when it left.
    const inFlight = new Map();
    const latencies = [];
    let lost = 0;
    let refused = 0;
    const lostTo = { provider: 0, patient: 0 };
    const onState = (side) => (client, state) => {
      const flight = inFlight.get(client.examId);
      if (!flight || flight.to !== side) return;
      if (state[flight.field] === flight.value) {
        if (flight.measured) latencies.push(performance.now() - flight.sentAt);
        inFlight.delete(client.examId);
      }
    };
    await inBatches(rooms, 50, async (room) => {
      const provider = await connect(providerSide.origin, room.id, room.providerToken, onState('provider'));
      const patient = await connect(patientSide.origin, room.id, room.patientToken, onState('patient'));
      provider.examId = patient.examId = room.id;
      clients.push(provider, patient);
      // The patient asks to enter and the provider admits it, so that both may write.
      await patient.write('examEntryRequest', { status: 'pending' });
      await provider.write('examEntryRequest', { status: 'approved' });
      room.provider = provider;
      room.patient = patient;
    });
    const setupSeconds = (performance.now() - setupStart) / 1000;
    await sleep(1000);
    const connected = servers.map((server) => processStats(server.pid));
    const rssPerConnectionKb =
      ((connected.reduce((sum, s) => sum + s.rssMb, 0) - before.reduce((sum, s) => sum + s.rssMb, 0)) * 1024) /
      clients.length;

    // The load: exam i writes at i/exams of every second; even seconds the provider, odd the patient.
    const cpuStart = servers.map((server) => processStats(server.pid).cpuMs);
    let writes = 0;
    const loadStart = performance.now();
    const totalSeconds = warmupSeconds + seconds;
    const timers = rooms.map((room, index) =>
      setTimeout(
        () => {
          let tick = 0;
          const fire = () => {
            const second = tick++;
            if (second >= totalSeconds) return;
            const measured = second >= warmupSeconds;
            // Not arrived a second later: counted as lost.
            if (inFlight.get(room.id)?.measured) {
              lost++;
              lostTo[inFlight.get(room.id).to]++;
            }
            const fromProvider = second % 2 === 0;
            const field = fromProvider ? 'isTargetEnabled' : 'isM1Connected';
            const writer = fromProvider ? room.provider : room.patient;
            const value = !(writer.state?.[field] ?? false);
            inFlight.set(room.id, {
              field,
              value,
              to: fromProvider ? 'patient' : 'provider',
              sentAt: performance.now(),
              measured,
            });
            void writer.write(field, value).then((answer) => {
              if (answer.type === 'error') {
                refused++;
                if (process.env.BENCH_DEBUG) console.error('refused', field, answer.error);
              }
            });
            if (measured) writes++;
            const next = loadStart + (index / rooms.length) * 1000 + tick * 1000;
            room.timer = setTimeout(fire, Math.max(0, next - performance.now()));
          };
          fire();
        },
        (index / rooms.length) * 1000,
      ),
    );
    await sleep((totalSeconds + 2) * 1000);
    for (const timer of timers) clearTimeout(timer);
    for (const room of rooms) clearTimeout(room.timer);
    for (const flight of inFlight.values()) if (flight.measured) lost++;
    const cpuMs = servers.reduce((sum, server, i) => sum + processStats(server.pid).cpuMs - cpuStart[i], 0);
    latencies.sort((a, b) => a - b);
    const pick = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
    return {
      label,
      processes: processCount,
      exams: rooms.length,
      clients: clients.length,
      setupSeconds: Number(setupSeconds.toFixed(1)),
      measuredWrites: writes,
      delivered: latencies.length,
      lost,
      refused,
      lostTo: `${lostTo.provider}/${lostTo.patient}`,
      p50: Number(pick(0.5).toFixed(1)),
      p95: Number(pick(0.95).toFixed(1)),
      p99: Number(pick(0.99).toFixed(1)),
      max: Number(latencies.at(-1).toFixed(1)),
      serverCpuMsPerWrite: Number((cpuMs / ((warmupSeconds + seconds) * rooms.length)).toFixed(3)),
      rssMbBefore: before.map((s) => Number(s.rssMb.toFixed(0))),
      rssMbConnected: connected.map((s) => Number(s.rssMb.toFixed(0))),
      rssKbPerConnection: Number(rssPerConnectionKb.toFixed(1)),
    };
  } finally {
    for (const client of clients) client.close();
    await sleep(500);
    for (const server of servers) await server.stop();
  }
}

const results = [];
if (only !== 'two') results.push(await withDatabase((url) => run('one process', url, 1)));
if (only !== 'one') results.push(await withDatabase((url) => run('two processes + Redis', url, 2)));
console.log(
  `bench:realtime — ${exams} live exams, ${exams * 2} WebSocket clients, one write per exam per second, ${seconds} s measured after ${warmupSeconds} s; ${os.cpus().length} cores (${os.cpus()[0].model}), Node ${process.version}, ${new Date().toISOString()}`,
);
console.table(
  results.map(({ rssMbBefore, rssMbConnected, ...row }) => ({
    ...row,
    rss: `${rssMbBefore.join('+')} → ${rssMbConnected.join('+')} MB`,
  })),
);
const failed = results.filter((row) => row.p95 >= 50 || row.lost > 0);
console.log(
  failed.length
    ? `target missed: p95 < 50 ms with nothing lost (${failed.map((row) => row.label).join(', ')})`
    : 'target met: p95 < 50 ms, nothing lost',
);
process.exitCode = failed.length ? 1 : 0;
