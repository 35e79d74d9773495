// npm run bench:api — exam list and exam detail latency with 100,000 exams and 20,000 patients
// in PostgreSQL, 50 concurrent connections, plus the query plans.
// Needs a PostgreSQL server: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test);
// it creates and drops its own database auscura_bench. Run after `npm run build`.
// Load comes from wrk (Debian package `wrk`) when it is installed, else from autocannon;
// BENCH_LOAD_TOOL=wrk|autocannon chooses. See measure() for why wrk is preferred.
// BENCH_DB_NAME and BENCH_PORT: the database and port (several people benchmarking on one machine).
// BENCH_SERVER_ENTRY runs another build's server bundle (before/after comparisons).
// Profiling: BENCH_EXPLAIN_LOG=1 loads auto_explain into the server's connections (ANALYZE, BUFFERS,
// nested statements such as the audit trigger's) and sends BENCH_EXPLAIN_REQUESTS (3) requests per
// case one at a time instead of the load; the plans land in PostgreSQL's own log, lines tagged with
// the database name. Profiling: inspector-profiler.mjs (BENCH_*_PROF, BENCH_SERVER_*). BENCH_CASES=0,3: only those.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { signInOverHttp } from './sign-in.mjs';
import { startServer } from '../support/server.mjs';
import { profilerFromEnv } from './inspector-profiler.mjs';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = process.env.BENCH_DB_NAME ?? 'auscura_bench';
const explainLog = process.env.BENCH_EXPLAIN_LOG === '1';
const explainRequests = Number(process.env.BENCH_EXPLAIN_REQUESTS ?? 3);
const port = Number(process.env.BENCH_PORT ?? 8183);
const origin = `http://localhost:${port}`;
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 50;
// The API's PostgreSQL connections: one per core of the database server, which runs on this
// machine. The API pipelines its queries (db/postgres-js-dialect.ts), so a connection always has
// work queued and more connections only add backends competing for the same cores: 2, 3 and 5 on
// this 2-core machine gave 4,300, 4,000 and 3,800 organization pages a second
// (benchmarks/history/2026-11-results-journal.md, "Exam lists and exam detail under load").
// DATABASE_POOL_SIZE overrides it.
const poolSize = process.env.DATABASE_POOL_SIZE ?? String(os.availableParallelism());
const hasWrk = spawnSync('wrk', ['--version']).error === undefined;
const tool = process.env.BENCH_LOAD_TOOL ?? (hasWrk ? 'wrk' : 'autocannon');
if (tool === 'wrk' && !hasWrk) throw new Error('BENCH_LOAD_TOOL=wrk, but wrk is not installed (apt-get install wrk)');
if (tool !== 'wrk' && tool !== 'autocannon') throw new Error(`Unknown BENCH_LOAD_TOOL ${tool}`);
if (tool === 'autocannon' && !process.env.BENCH_LOAD_TOOL) {
  console.error(
    'wrk is not installed (apt-get install wrk): measuring with autocannon, which shares the CPU with the server.',
  );
}

// CPU time (user + system, ms) the server process has used so far, from /proc: unlike latency it
// barely moves when other work shares the machine, so it compares versions of the code fairly.
const cpuMs = (processId) => {
  const fields = fs.readFileSync(`/proc/${processId}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * (1000 / 100);
};

// CPU time of the PostgreSQL backends connected to the bench database (the server's pool and this
// script's own idle connection), so the database's share of a request is measured too. Only those:
// on a server shared with other work, summing every postgres process counted their queries as well
// (and lost the CPU of backends that ended during a run). The WAL writer and checkpointer, shared by
// every database, are left out. Needs the server on this machine and /proc access.
let postgresPids = [];
/** Set once the bench database is open: reads the pids of its backends (after each warm-up, as the pool grows). */
let findPostgresPids = async () => [];
const postgresCpuMs = () => {
  let total = 0;
  for (const pid of postgresPids) {
    try {
      total += cpuMs(pid);
    } catch {
      // the backend ended meanwhile
    }
  }
  return total;
};

// autocannon reports p90 and p97.5 but no p95, so every response time is kept and sorted here.
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

// wrk prints its summary through this script: exact percentiles from its per-request histogram
// (microseconds), the response count and the non-2xx/3xx count.
const wrkFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'auscura-bench-wrk-'));
const wrkScript = path.join(wrkFolder, 'summary.lua');
fs.writeFileSync(
  wrkScript,
  `done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"durationUs":%d,"p50":%d,"p95":%d,"p99":%d,"max":%d,"non2xx":%d,"errors":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(95), latency:percentile(99),
    latency.max, e.status, e.connect + e.read + e.write + e.timeout))
end
`,
);

/** wrk with `conns` connections for `seconds`: its summary, and the CPU time (ms) wrk itself used. */
function runWrk(url, token, seconds, conns) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'wrk',
      ['-t1', `-c${conns}`, `-d${seconds}s`, '-s', wrkScript, '-H', `authorization: Bearer ${token}`, url],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    let cpu = 0;
    child.stdout.on('data', (chunk) => (out += chunk));
    // wrk's own CPU time, read until it exits (its summary is printed last; /proc forgets it after).
    const probe = setInterval(() => {
      try {
        cpu = cpuMs(child.pid);
      } catch {
        // exited
      }
    }, 50);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(probe);
      const line = out.trim().split('\n').at(-1);
      if (code !== 0 || !line?.startsWith('{')) return reject(new Error(`wrk failed (${code}): ${out}`));
      resolve({ ...JSON.parse(line), cpuMs: cpu });
    });
  });
}

/**
 * The load, by tool: a 2 s warm-up with 10 connections, then the measured run, which answers the
 * response count, the rate, latency percentiles (ms) and the tool's own CPU time (ms).
 */
const loadTools = {
  wrk: {
    warmUp: (url, token) => runWrk(url, token, 2, 10),
    async run(url, token) {
      const run = await runWrk(url, token, duration, connections);
      return {
        requests: run.requests,
        non2xx: run.non2xx,
        errors: run.errors,
        rps: run.requests / (run.durationUs / 1e6),
        p50: run.p50 / 1000,
        p95: run.p95 / 1000,
        p99: run.p99 / 1000,
        max: run.max / 1000,
        loadCpuMs: run.cpuMs,
      };
    },
  },
  autocannon: {
    warmUp: (url, token) =>
      autocannon({ url, connections: 10, duration: 2, headers: { authorization: `Bearer ${token}` } }),
    async run(url, token) {
      const selfBefore = process.cpuUsage();
      const latencies = [];
      const instance = autocannon({ url, connections, duration, headers: { authorization: `Bearer ${token}` } });
      instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
      const run = await instance;
      const self = process.cpuUsage(selfBefore);
      latencies.sort((a, b) => a - b);
      return {
        requests: run.requests.total,
        non2xx: run.non2xx,
        errors: run.errors,
        rps: run.requests.average,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        p99: percentile(latencies, 99),
        max: latencies.at(-1),
        loadCpuMs: (self.user + self.system) / 1000,
      };
    },
  },
};

/**
 * One case under load: `connections` clients in a closed loop for `duration` seconds after a
 * warm-up, with the server's and PostgreSQL's CPU per request. wrk is a small C program;
 * autocannon runs in this Node process and, on a 2-core machine, takes CPU the server and
 * PostgreSQL would otherwise use (each tool's own share is reported).
 */
async function measure(url, token, label) {
  const ms = (value) => Number(value.toFixed(1));
  const perRequest = (total, requests) => Number((total / requests).toFixed(3));
  await loadTools[tool].warmUp(url, token);
  postgresPids = await findPostgresPids();
  await profiling.start();
  const cpuBefore = cpuMs(serverPid);
  const postgresBefore = postgresCpuMs();
  const run = await loadTools[tool].run(url, token);
  const profile = await profiling.stop(label, run.requests);
  return {
    requests: run.requests,
    non2xx: run.non2xx,
    errors: run.errors,
    rps: Math.round(run.rps),
    p50: ms(run.p50),
    p95: ms(run.p95),
    p99: ms(run.p99),
    max: ms(run.max),
    serverCpuMsPerRequest: perRequest(cpuMs(serverPid) - cpuBefore, run.requests),
    postgresCpuMsPerRequest: perRequest(postgresCpuMs() - postgresBefore, run.requests),
    postgresBackends: postgresPids.length,
    loadToolCpuMsPerRequest: perRequest(run.loadCpuMs, run.requests),
    profile,
  };
}

const profiling = profilerFromEnv(port + 1000);
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${dbName}`);
if (explainLog) {
  // Every statement of every new connection to this database, with its plan, timing and buffers.
  for (const setting of [
    `session_preload_libraries = 'auto_explain'`,
    'auto_explain.log_min_duration = 0',
    'auto_explain.log_analyze = on',
    'auto_explain.log_buffers = on',
    'auto_explain.log_nested_statements = on',
    'log_min_duration_statement = 0',
  ])
    await admin.query(`ALTER DATABASE ${dbName} SET ${setting}`);
}
await admin.end();
const benchUrl = new URL(serverUrl);
benchUrl.pathname = `/${dbName}`;

// Demo recordings off: their background processing (DSP in a worker thread) would compete with
// the requests measured here; the 100,000 bench exams have no recordings anyway.
const { stop, pid: serverPid } = await startServer({
  port,
  name: 'api',
  env: { DATABASE_URL: benchUrl.toString(), DATABASE_POOL_SIZE: poolSize, SEED_DEMO_RECORDINGS: 'false' },
  showErrors: true,
  nodeFlags: profiling.nodeFlags,
  stdout: process.env.BENCH_SERVER_STDOUT,
});
try {
  await profiling.connect();
  // Grow the demo data to 20,000 patients and 100,000 exams over 20 organizations: the two demo
  // organizations plus 18 more, 5 providers each; exams spread over two years.
  const db = new pg.Client({ connectionString: benchUrl.toString() });
  await db.connect();
  const fill = performance.now();
  await db.query(`
    INSERT INTO organizations (name) SELECT 'Bench Clinic ' || g FROM generate_series(1, 18) g;
    INSERT INTO healthcare_providers (organization_id, email_address, first_name, last_name, display_name, password_hash, tc_version)
      SELECT o.id, 'hp' || g || '.' || replace(lower(o.name), ' ', '') || '@bench.example', 'Bench', 'Provider ' || g, 'Dr. Bench ' || g, 'scrypt$invalid', 1
      FROM organizations o CROSS JOIN generate_series(1, 5) g WHERE o.name LIKE 'Bench Clinic %';
    INSERT INTO patient_profiles (organization_id, healthcare_provider_id, first_name, last_name, email_address, birthdate, sex, date_created)
      SELECT hp.organization_id, hp.id, 'Patient', 'Number ' || hp.id || '-' || g, 'p' || g || '.' || hp.id || '@bench.example',
             date '1940-01-01' + (g * 97 % 29000), CASE WHEN g % 2 = 0 THEN 'female' ELSE 'male' END, now() - (g || ' days')::interval
      FROM (SELECT * FROM healthcare_providers ORDER BY id) hp CROSS JOIN generate_series(1, 20000 / 94 + 1) g
      LIMIT 20000 - (SELECT count(*) FROM patient_profiles);
    INSERT INTO exams (organization_id, patient_profile_id, healthcare_provider_id, type, reviewed, date_created)
      SELECT pp.organization_id, pp.id, pp.healthcare_provider_id,
             (ARRAY['in-person','live','self-provider-initiated','self-patient-initiated'])[1 + (g + length(pp.id::text)) % 4],
             g % 3 = 0, now() - ((g * 7919 + abs(hashtext(pp.id::text)) % 100000) % 1051200 || ' minutes')::interval
      FROM patient_profiles pp CROSS JOIN generate_series(1, 5) g
      LIMIT 100000 - (SELECT count(*) FROM exams);
  `);
  // Statistics and the visibility map after a bulk load, as autovacuum would leave them within
  // minutes on a live system.
  await db.query('VACUUM ANALYZE');
  // Write the load's dirty pages out now rather than in a checkpoint during the first case.
  await db.query('CHECKPOINT');
  const counts = (
    await db.query('SELECT (SELECT count(*) FROM patient_profiles) AS patients, (SELECT count(*) FROM exams) AS exams')
  ).rows[0];
  const fillMs = Math.round(performance.now() - fill);

  const token = await signInOverHttp(origin, 'ada@riverside.example', 'Auscura-demo-2026');
  const ada = (
    await db.query(`SELECT id, organization_id FROM healthcare_providers WHERE email_address = 'ada@riverside.example'`)
  ).rows[0];
  const anExam = (
    await db.query('SELECT id FROM exams WHERE organization_id = $1 ORDER BY date_created DESC LIMIT 1 OFFSET 3', [
      ada.organization_id,
    ])
  ).rows[0].id;
  const q = (value) => encodeURIComponent(JSON.stringify(value));
  const cases = [
    {
      name: '/search/exams (my exams, with patientProfile)',
      path: `/api/v1/search/exams?q=${q({ filters: [{ field: 'healthcareProviderId', op: 'eq', value: ada.id }], joinedLoads: ['patientProfile', 'healthcareProvider'] })}`,
    },
    {
      name: '/search/organization-exams (all, page 3)',
      path: `/api/v1/search/organization-exams?q=${q({ pagination: { pageNumber: 3, pageSize: 10 }, joinedLoads: ['patientProfile', 'healthcareProvider'] })}`,
    },
    {
      name: '/search/council-exams (every organization)',
      path: `/api/v1/search/council-exams?q=${q({ joinedLoads: ['patientProfile', 'healthcareProvider'] })}`,
    },
    {
      name: '/exams/{id} (with patientProfile, auscultations)',
      path: `/api/v1/exams/${anExam}?q=${q({ joinedLoads: ['patientProfile', 'auscultations'] })}`,
    },
  ];
  const results = [];
  findPostgresPids = async () =>
    (await db.query('SELECT pid FROM pg_stat_activity WHERE datname = $1', [dbName])).rows.map((row) => row.pid);
  if (explainLog) {
    for (const entry of cases) {
      await db.query(`SELECT 'bench case: ' || $1::text AS marker`, [entry.name]);
      for (let i = 0; i < explainRequests; i++) {
        const response = await fetch(`${origin}${entry.path}`, { headers: { authorization: `Bearer ${token}` } });
        await response.arrayBuffer();
        results.push({ case: entry.name, status: response.status });
      }
    }
  } else {
    const only = process.env.BENCH_CASES?.split(',').map(Number);
    for (const [i, { name, path: route }] of cases.entries())
      if (!only || only.includes(i))
        results.push({ case: name, ...(await measure(`${origin}${route}`, token, `case-${i}`)) });
  }

  // The plans of the statements behind those endpoints: the SQL the repositories send
  // (exams/repository.ts), prepared and run with the generic plan, as the server's pool does
  // (db/connect.ts, plan_cache_mode=force_generic_plan), so these are the plans the requests got.
  const plans = {};
  // A page joins the exam's patient and both providers and carries the list's total as a scalar
  // subquery on the trigger-kept counters; the server sends one such statement per list request.
  const page = (where, countWhere, limit, offset) =>
    `SELECT e.id, e.organization_id, e.patient_profile_id, e.healthcare_provider_id, e.type, e.notes, e.enhanced_notes,
            e.reviewed, e.date_created::text, pp.first_name, pp.last_name, pp.email_address, pp.birthdate, pp.sex,
            pp.date_created::text, pp.healthcare_provider_id, php.first_name, php.last_name, php.display_name,
            php.email_address, hp.first_name, hp.last_name, hp.display_name, hp.email_address,
            (SELECT coalesce(sum(total), 0) FROM exam_counters ${countWhere}) AS total_count
       FROM exams e JOIN patient_profiles pp ON pp.id = e.patient_profile_id
       JOIN healthcare_providers hp ON hp.id = e.healthcare_provider_id
       JOIN healthcare_providers php ON php.id = pp.healthcare_provider_id
       ${where} ORDER BY e.date_created DESC, e.id DESC LIMIT ${limit} OFFSET ${offset}`;
  await db.query('SET plan_cache_mode = force_generic_plan');
  // Values are ids read from the database and numbers, so they are written into EXECUTE as literals.
  const explain = async (label, sql, values) => {
    await db.query(`PREPARE bench_plan AS ${sql}`);
    const args = values.length ? `(${values.map((value) => `'${value}'`).join(', ')})` : '';
    const rows = (await db.query(`EXPLAIN (ANALYZE, BUFFERS OFF, TIMING OFF) EXECUTE bench_plan${args}`)).rows;
    await db.query('DEALLOCATE bench_plan');
    plans[label] = rows.map((row) => row['QUERY PLAN']);
  };
  await explain(
    'my exams page',
    page(
      'WHERE e.organization_id = $3 AND e.healthcare_provider_id = $4',
      'WHERE organization_id = $1 AND healthcare_provider_id = $2',
      '$5',
      '$6',
    ),
    [ada.organization_id, ada.id, ada.organization_id, ada.id, 10, 0],
  );
  await explain(
    'organization exams page 3',
    page('WHERE e.organization_id = $2', 'WHERE organization_id = $1', '$3', '$4'),
    [ada.organization_id, ada.organization_id, 10, 20],
  );
  await explain('council exams page', page('', '', '$1', '$2'), [10, 0]);
  // The exam page: the exam with its patient and providers, then its auscultations.
  await explain(
    'exam by id',
    `SELECT e.*, pp.first_name, pp.last_name, pp.email_address, pp.birthdate, pp.sex, hp.first_name, php.first_name
       FROM exams e JOIN patient_profiles pp ON pp.id = e.patient_profile_id
       JOIN healthcare_providers hp ON hp.id = e.healthcare_provider_id
       JOIN healthcare_providers php ON php.id = pp.healthcare_provider_id WHERE e.id = $1`,
    [anExam],
  );
  await explain(
    'auscultations of the exam',
    'SELECT * FROM auscultations WHERE exam_id IN ($1) ORDER BY date_created',
    [anExam],
  );
  await db.end();
  console.log(
    JSON.stringify(
      {
        benchmark: 'api exam search',
        data: counts,
        fillMs,
        loadTool: tool,
        poolSize: Number(poolSize),
        connections,
        durationSeconds: duration,
        results,
        plans,
      },
      null,
      2,
    ),
  );
} catch (error) {
  // Printed before the database is dropped (which ends the connections still open with an error of their own).
  console.error(error);
  process.exitCode = 1;
} finally {
  profiling.close();
  await stop();
  fs.rmSync(wrkFolder, { recursive: true, force: true });
  const cleanup = new pg.Client({ connectionString: serverUrl });
  await cleanup.connect();
  await cleanup.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await cleanup.end();
}
