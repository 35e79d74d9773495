// bench:realtime — the live exam's shared state under load (issue 15, acceptance 4; issue 41).
// 5,000 live exams, each with a provider and an admitted patient connected by WebSocket (10,000
// clients; BENCH_CLIENTS for another count), each exam writing one change per second, alternately
// from either side. Measured: the time from a write leaving one side to the state carrying it
// arriving at the other side (both sides of an exam live in the same client thread, so one clock
// measures both ends), write → ack, the server's memory per connection and its CPU per write, and
// where the cores went (server, PostgreSQL's backends, the bench's own client threads, and how long
// each waited for a core). Runs once on one API process and once on two processes fanning out
// through Redis (provider sockets on one, patient sockets on the other).
//
// Needs PostgreSQL (BENCH_DATABASE_URL, default the test server) and, for the second run, Redis
// (BENCH_REDIS_URL, default redis://127.0.0.1:6379). Ports from BENCH_REALTIME_PORT (default 8670).
import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { Worker } from 'node:worker_threads';
import { signInOverHttp } from '../api/sign-in.mjs';
import { startServer } from '../support/server.mjs';

// BENCH_CLIENTS: WebSocket clients per run (two per exam: the provider and the patient).
const exams = Math.round(Number(process.env.BENCH_CLIENTS ?? 10_000) / 2);
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const warmupSeconds = 5;
const basePort = Number(process.env.BENCH_REALTIME_PORT ?? 8670);
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const only = process.env.BENCH_ONLY; // 'one' or 'two'
// BENCH_SERVER_NODE_FLAGS: extra flags for the API processes (e.g. --cpu-prof --cpu-prof-dir=…).
const serverNodeFlags = (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean);

/** Client sockets closed by the server (or the network), by close code: none is expected during a run. */
const closes = {};
// BENCH_CLIENT_THREADS: worker threads holding the client sockets (clients.mjs), default one per core.
const clientThreads = Number(process.env.BENCH_CLIENT_THREADS ?? os.cpus().length);
/** Every API process started, so that a run ending in an error does not leave them on their ports. */
const started = new Set();
process.on('exit', () => {
  for (const pid of started) {
    try {
      process.kill(pid);
    } catch {
      // already gone
    }
  }
});
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

/** CPU time (ms) of the PostgreSQL backends serving one database (their title names it), from /proc. */
function postgresCpuMs(databaseName) {
  let ms = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!cmdline.startsWith('postgres:') || !cmdline.includes(` ${databaseName} `)) continue;
      const fields = fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
      ms += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    } catch {
      // the process ended meanwhile
    }
  }
  return ms;
}

/**
 * A process's main thread (or all its threads): ms running on a CPU and ms runnable but waiting for one (other work on
 * the shared cores), from /proc/<pid>/schedstat.
 */
function threadSched(pid, allThreads = false) {
  let runNs = 0;
  let waitNs = 0;
  for (const task of allThreads ? fs.readdirSync(`/proc/${pid}/task`) : [String(pid)]) {
    const [run, wait] = fs.readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ').map(Number);
    runNs += run;
    waitNs += wait;
  }
  return { runMs: runNs / 1e6, waitMs: waitNs / 1e6 };
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
  for (let i = 0; i < processCount; i++) {
    servers.push(
      await startServer({ port: basePort + i, name: `rt${i}`, env, showErrors: true, nodeFlags: serverNodeFlags }),
    );
    started.add(servers[i].pid);
  }
  const providerSide = servers[0];
  const patientSide = servers[processCount - 1];
  let clientCount = 0;
  let closeClients = async () => undefined;
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
      // The participant tokens (60 s) are asked for by the client threads, right before connecting.
      return { id: exam.id, sessionToken: session.token };
    });
    const before = servers.map((server) => processStats(server.pid));

    // The clients: each thread holds both sides of every clientThreads-th exam.
    rooms.forEach((room, index) => (room.index = index));
    const threads = [...Array(Math.max(1, clientThreads)).keys()].map(
      () => new Worker(new URL('./clients.mjs', import.meta.url)),
    );
    const ask = (thread, message, answer) =>
      new Promise((resolve, reject) => {
        const onMessage = (reply) => {
          if (reply.type === 'failed') return reject(new Error(`a client thread failed: ${reply.error}`));
          if (reply.type !== answer) return;
          thread.off('message', onMessage);
          thread.off('error', reject);
          resolve(reply);
        };
        thread.on('message', onMessage);
        thread.once('error', reject);
        thread.postMessage(message);
      });
    closeClients = async () => {
      await Promise.all(threads.map((thread) => ask(thread, { type: 'close' }, 'closed')));
      await Promise.all(threads.map((thread) => thread.terminate()));
    };
    await Promise.all(
      threads.map((thread, t) =>
        ask(
          thread,
          {
            type: 'connect',
            rooms: rooms.filter((room) => room.index % threads.length === t),
            providerOrigin: providerSide.origin,
            patientOrigin: patientSide.origin,
            providerBearer: token,
          },
          'connected',
        ),
      ),
    );
    clientCount = rooms.length * 2;
    const setupSeconds = (performance.now() - setupStart) / 1000;
    await sleep(1000);
    const connected = servers.map((server) => processStats(server.pid));
    const rssPerConnectionKb =
      ((connected.reduce((sum, s) => sum + s.rssMb, 0) - before.reduce((sum, s) => sum + s.rssMb, 0)) * 1024) /
      clientCount;

    // The load: exam i writes at i/exams of every second (clients.mjs), from a start every thread shares.
    const cpuStart = servers.map((server) => processStats(server.pid).cpuMs);
    const databaseName = new URL(databaseUrl).pathname.slice(1);
    const benchCpuStart = process.cpuUsage();
    const loadBefore = os.loadavg()[0];
    const schedStart = [...servers.map((server) => threadSched(server.pid)), threadSched(process.pid, true)];
    const postgresCpuStart = postgresCpuMs(databaseName);
    const loadStart = performance.now() + 200;
    const monotonicStartUs = process.hrtime.bigint() / 1000n + 200_000n;
    const totalSeconds = warmupSeconds + seconds;
    const reports = await Promise.all(
      threads.map((thread) =>
        ask(
          thread,
          {
            type: 'load',
            loadStart: performance.timeOrigin + loadStart,
            totalSeconds,
            warmupSeconds,
            examCount: rooms.length,
          },
          'done',
        ),
      ),
    );
    // The load's window on the monotonic clock V8's --cpu-prof timestamps use (to cut a profile to it).
    if (serverNodeFlags.length)
      console.error(`load window (monotonic µs): ${monotonicStartUs} ${process.hrtime.bigint() / 1000n}`);
    const cpuMs = servers.reduce((sum, server, i) => sum + processStats(server.pid).cpuMs - cpuStart[i], 0);
    const benchCpu = process.cpuUsage(benchCpuStart);
    const benchCpuMs = (benchCpu.user + benchCpu.system) / 1000;
    const postgresMs = postgresCpuMs(databaseName) - postgresCpuStart;
    // Per write the server got through (acked during the load): the same as per write sent when it keeps
    // up, and still its cost when it falls behind.
    const loadWrites = reports.reduce((total, report) => total + report.acked, 0);
    const loadMs = performance.now() - loadStart;
    // Share of the load's wall time spent runnable but waiting for a core: each server's main thread, then
    // the bench's threads summed.
    const runqueueWait = [...servers.map((server) => threadSched(server.pid)), threadSched(process.pid, true)]
      .map((sched, i) => ((sched.waitMs - schedStart[i].waitMs) / loadMs).toFixed(2))
      .join('/');
    const latencies = reports.flatMap((report) => [...report.latencies]).sort((a, b) => a - b);
    const ackLatencies = reports.flatMap((report) => [...report.ackLatencies]).sort((a, b) => a - b);
    const sum = (key) => reports.reduce((total, report) => total + report[key], 0);
    for (const report of reports)
      for (const [code, count] of Object.entries(report.closes)) closes[code] = (closes[code] ?? 0) + count;
    const pick = (q, list = latencies) => list[Math.min(list.length - 1, Math.floor(q * list.length))] ?? NaN;
    return {
      label,
      processes: processCount,
      exams: rooms.length,
      clients: clientCount,
      setupSeconds: Number(setupSeconds.toFixed(1)),
      measuredWrites: sum('writes'),
      delivered: latencies.length,
      lost: sum('lost'),
      refused: sum('refused'),
      lostTo: `${reports.reduce((n, r) => n + r.lostTo.provider, 0)}/${reports.reduce((n, r) => n + r.lostTo.patient, 0)}`,
      p50: Number(pick(0.5).toFixed(1)),
      p95: Number(pick(0.95).toFixed(1)),
      p99: Number(pick(0.99).toFixed(1)),
      max: Number((latencies.at(-1) ?? NaN).toFixed(1)),
      ackP95: Number(pick(0.95, ackLatencies).toFixed(1)),
      benchLagP95: Number(Math.max(...reports.map((report) => report.loopDelayP95Ms)).toFixed(1)),
      ackedWrites: loadWrites,
      serverCpuMsPerWrite: Number((cpuMs / loadWrites).toFixed(3)),
      postgresCpuMsPerWrite: Number((postgresMs / loadWrites).toFixed(3)),
      // Where the two cores went during the load (share of one core): the API processes, PostgreSQL's
      // backends for this database, and this bench's own clients.
      serverCores: Number((cpuMs / loadMs).toFixed(2)),
      postgresCores: Number((postgresMs / loadMs).toFixed(2)),
      benchCores: Number((benchCpuMs / loadMs).toFixed(2)),
      runqueueWait,
      loadAvg: `${loadBefore.toFixed(1)}→${os.loadavg()[0].toFixed(1)}`,
      rssMbBefore: before.map((s) => Number(s.rssMb.toFixed(0))),
      rssMbConnected: connected.map((s) => Number(s.rssMb.toFixed(0))),
      rssKbPerConnection: Number(rssPerConnectionKb.toFixed(1)),
    };
  } finally {
    await closeClients();
    for (const server of servers) {
      await server.stop();
      started.delete(server.pid);
    }
  }
}

const results = [];
if (only !== 'two') results.push(await withDatabase((url) => run('one process', url, 1)));
if (only !== 'one') results.push(await withDatabase((url) => run('two processes + Redis', url, 2)));
console.log(
  `bench:realtime — ${exams} live exams, ${exams * 2} WebSocket clients, one write per exam per second, ${seconds} s measured after ${warmupSeconds} s; ${os.cpus().length} cores (${os.cpus()[0].model}), Node ${process.version}, ${new Date().toISOString()}`,
);
if (Object.keys(closes).length) console.log('client sockets closed (by code):', closes);
console.table(
  results.map(({ rssMbBefore, rssMbConnected, ...row }) => ({
    ...row,
    rss: `${rssMbBefore.join('+')} → ${rssMbConnected.join('+')} MB`,
  })),
);
const failed = results.filter((row) => !(row.p95 < 50) || row.lost !== 0);
console.log(
  failed.length
    ? `target missed: p95 < 50 ms with nothing lost (${failed.map((row) => row.label).join(', ')})`
    : 'target met: p95 < 50 ms, nothing lost',
);
process.exitCode = failed.length ? 1 : 0;
