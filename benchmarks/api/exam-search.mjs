// npm run bench:api — exam list and exam detail latency with 100,000 exams and 20,000 patients
// in PostgreSQL, 50 concurrent connections (autocannon), plus the query plans.
// Needs a PostgreSQL server: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test);
// it creates and drops its own database auscura_bench. Run after `npm run build`.
import fs from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { signInOverHttp } from './sign-in.mjs';
import { startServer } from '../support/server.mjs';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = 'auscura_bench';
const port = 8183;
const origin = `http://localhost:${port}`;
const duration = Number(process.env.BENCH_SECONDS ?? 10);

// CPU time (user + system, ms) the server process has used so far, from /proc: unlike latency it
// barely moves when other work shares the machine, so it compares versions of the code fairly.
const cpuMs = (processId) => {
  const fields = fs.readFileSync(`/proc/${processId}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * (1000 / 100);
};

// CPU time of every PostgreSQL process (the backends serving the server's pool included), so the
// database's share of a request is measured too. Needs the server on this machine and /proc access.
const postgresCpuMs = () => {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!fs.readFileSync(`/proc/${entry}/comm`, 'utf8').startsWith('postgres')) continue;
      total += cpuMs(entry);
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
};

// autocannon reports p90 and p97.5 but no p95, so every response time is kept and sorted here.
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${dbName}`);
await admin.end();
const benchUrl = new URL(serverUrl);
benchUrl.pathname = `/${dbName}`;

const { stop, pid } = await startServer({
  port,
  name: 'api',
  env: { DATABASE_URL: benchUrl.toString() },
  showErrors: true,
});
try {
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
  // A bulk load leaves dead row versions (the exam counters are updated once per insert);
  // autovacuum would clean them within minutes on a live system, so measure after a vacuum.
  await db.query('VACUUM ANALYZE');
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
  for (const entry of cases) {
    // Warm up, then measure.
    await autocannon({
      url: `${origin}${entry.path}`,
      connections: 10,
      duration: 2,
      headers: { authorization: `Bearer ${token}` },
    });
    const cpuBefore = cpuMs(pid);
    const postgresBefore = postgresCpuMs();
    const latencies = [];
    const instance = autocannon({
      url: `${origin}${entry.path}`,
      connections: 50,
      duration,
      headers: { authorization: `Bearer ${token}` },
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
    const run = await instance;
    const serverCpuMsPerRequest = (cpuMs(pid) - cpuBefore) / run.requests.total;
    const postgresCpuMsPerRequest = (postgresCpuMs() - postgresBefore) / run.requests.total;
    latencies.sort((a, b) => a - b);
    const ms = (value) => Number(value.toFixed(1));
    results.push({
      case: entry.name,
      requests: run.requests.total,
      non2xx: run.non2xx,
      errors: run.errors,
      rps: Math.round(run.requests.average),
      p50: ms(percentile(latencies, 50)),
      p95: ms(percentile(latencies, 95)),
      p99: ms(percentile(latencies, 99)),
      max: ms(latencies.at(-1)),
      serverCpuMsPerRequest: Number(serverCpuMsPerRequest.toFixed(3)),
      postgresCpuMsPerRequest: Number(postgresCpuMsPerRequest.toFixed(3)),
    });
  }

  // The plans of the queries behind those endpoints (the same SQL the repositories send).
  const plans = {};
  // The page query joins the exam's patient and providers (exams/repository.ts, `base`) and carries
  // the list's total as a scalar subquery on the trigger-kept counters.
  const page = (where, limit, offset, countWhere = where.replaceAll('e.', '')) =>
    `SELECT e.*, pp.first_name, pp.last_name, pp.email_address, pp.birthdate, pp.sex, hp.first_name, php.first_name,
            (SELECT coalesce(sum(total), 0) FROM exam_counters ${countWhere}) AS total_count
       FROM exams e JOIN patient_profiles pp ON pp.id = e.patient_profile_id
       JOIN healthcare_providers hp ON hp.id = e.healthcare_provider_id
       JOIN healthcare_providers php ON php.id = pp.healthcare_provider_id
       ${where} ORDER BY e.date_created DESC, e.id DESC LIMIT ${limit} OFFSET ${offset}`;
  const explain = async (label, sql, params) => {
    const rows = (await db.query(`EXPLAIN (ANALYZE, BUFFERS OFF, TIMING OFF) ${sql}`, params)).rows;
    plans[label] = rows.map((row) => row['QUERY PLAN']);
  };
  await explain('my exams page', page('WHERE e.organization_id = $1 AND e.healthcare_provider_id = $2', 10, 0), [
    ada.organization_id,
    ada.id,
  ]);
  await explain(
    'my exams count',
    'SELECT count(*) FROM exams e WHERE e.organization_id = $1 AND e.healthcare_provider_id = $2',
    [ada.organization_id, ada.id],
  );
  await explain('organization exams page 3', page('WHERE e.organization_id = $1', 10, 20), [ada.organization_id]);
  await explain('organization exams count', 'SELECT count(*) FROM exams e WHERE e.organization_id = $1', [
    ada.organization_id,
  ]);
  await explain('council exams page', page('', 10, 0), []);
  await explain('council exams count', 'SELECT count(*) FROM exams e', []);
  await explain(
    'exam by id',
    'SELECT e.*, pp.* FROM exams e JOIN patient_profiles pp ON pp.id = e.patient_profile_id JOIN healthcare_providers hp ON hp.id = e.healthcare_provider_id WHERE e.id = $1',
    [anExam],
  );
  await db.end();
  console.log(
    JSON.stringify(
      {
        benchmark: 'api exam search',
        data: counts,
        fillMs,
        connections: 50,
        durationSeconds: duration,
        results,
        plans,
      },
      null,
      2,
    ),
  );
} finally {
  await stop();
  const cleanup = new pg.Client({ connectionString: serverUrl });
  await cleanup.connect();
  await cleanup.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await cleanup.end();
}
