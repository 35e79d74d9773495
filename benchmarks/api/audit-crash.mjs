// npm run test:audit-crash — issue 41, acceptance 5: the audit chain still verifies after a crash.
// Reads exams from 50 concurrent clients (every read writes a chained audit entry, gathered into
// multi-row INSERTs), SIGKILLs the built server mid-load, then checks in PostgreSQL that the chain is
// whole (gapless seq, each entry's prev_hash is its predecessor's hash, each hash recomputes from its
// entry, the head row names the last entry: the checks of audit/chain.ts verifyAuditChain) and that
// every read answered 200 before the kill has its entry. Starts the server again on the same
// database, reads more, and checks the chain once more. Exits non-zero when a check fails.
// Needs PostgreSQL (CRASH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test); creates and
// drops its own database. Run after a build.
import pg from 'pg';
import { signInOverHttp } from './sign-in.mjs';
import { startServer } from '../support/server.mjs';

const serverUrl = process.env.CRASH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = process.env.CRASH_DB_NAME ?? 'auscura_audit_crash';
const port = Number(process.env.CRASH_PORT ?? 8189);
const origin = `http://localhost:${port}`;
const clients = 50;
const killAfterMs = Number(process.env.CRASH_AFTER_MS ?? 4000);

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${dbName}`);
await admin.end();
const url = new URL(serverUrl);
url.pathname = `/${dbName}`;
const env = { DATABASE_URL: url.toString(), DATABASE_POOL_SIZE: '2', SEED_DEMO_RECORDINGS: 'false' };

const failures = [];
const check = (ok, message) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${message}`);
  if (!ok) failures.push(message);
};

/** verifyAuditChain's checks in one statement, and the head row against the last entry. */
async function verifyChain(db) {
  const links = (
    await db.query(`
      WITH c AS (
        SELECT seq, hash, prev_hash, audit_entry_hash(prev_hash, a) AS expected,
               lag(seq) OVER (ORDER BY seq) AS prev_seq, lag(hash) OVER (ORDER BY seq) AS prev_entry_hash
        FROM audit_log a)
      SELECT count(*)::int AS entries,
             count(*) FILTER (WHERE hash <> expected)::int AS changed,
             count(*) FILTER (WHERE coalesce(prev_seq, 0) <> seq - 1)::int AS gaps,
             count(*) FILTER (WHERE prev_hash <> coalesce(prev_entry_hash, decode(repeat('00', 32), 'hex')))::int AS unlinked,
             max(seq)::int AS last_seq
      FROM c`)
  ).rows[0];
  const head = (
    await db.query(`
      SELECT h.seq::int AS seq, h.hash = (SELECT hash FROM audit_log ORDER BY seq DESC LIMIT 1) AS matches
      FROM audit_chain_head h WHERE id = 1`)
  ).rows[0];
  const ok =
    links.changed === 0 && links.gaps === 0 && links.unlinked === 0 && head.seq === links.last_seq && head.matches;
  return { ok, ...links, headSeq: head.seq, headMatches: head.matches };
}

let server = await startServer({ port, name: 'audit-crash', env, showErrors: true });
const db = new pg.Client({ connectionString: url.toString() });
try {
  await db.connect();
  const token = await signInOverHttp(origin, 'ada@riverside.example', 'Auscura-demo-2026');
  const ada = (await db.query(`SELECT id FROM healthcare_providers WHERE email_address = 'ada@riverside.example'`))
    .rows[0].id;
  const q = encodeURIComponent(JSON.stringify({ joinedLoads: ['patientProfile', 'healthcareProvider'] }));
  // Each request gives up after 10 s, so a connection the kill left open cannot hold the test.
  const read = (path) =>
    fetch(`${origin}/api/v1${path}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(10_000),
    });
  const exams = (await (await read(`/search/organization-exams?q=${q}`)).json()).items.map((exam) => exam.id);
  const entriesOf = async () =>
    (
      await db.query(
        `SELECT count(*)::int AS n FROM audit_log WHERE healthcare_provider_id = $1 AND action IN ('read', 'list')`,
        [ada],
      )
    ).rows[0].n;
  const before = await entriesOf();

  // 50 clients in a closed loop over the exam list and each exam, until the kill.
  let answered = 0;
  let cutOff = 0;
  let stopped = false;
  const paths = [`/search/exams?q=${q}`, `/search/organization-exams?q=${q}`, ...exams.map((id) => `/exams/${id}`)];
  async function client(n) {
    for (let i = n; !stopped; i++) {
      try {
        const response = await read(paths[i % paths.length]);
        await response.arrayBuffer();
        if (response.status === 200 && !stopped) answered++;
      } catch {
        cutOff++;
      }
    }
  }
  const load = Array.from({ length: clients }, (_, n) => client(n));
  console.log(`${clients} clients reading; SIGKILL in ${killAfterMs} ms`);
  await new Promise((resolve) => setTimeout(resolve, killAfterMs));
  // Counted answers are those received before the kill is sent.
  const answeredBeforeKill = answered;
  stopped = true;
  process.kill(server.pid, 'SIGKILL');
  await Promise.all(load);
  console.log(
    `killed with SIGKILL after ${answeredBeforeKill} reads answered 200 (${cutOff} requests cut off or refused)`,
  );

  const afterCrash = await verifyChain(db);
  check(afterCrash.ok, `the chain verifies after the kill: ${JSON.stringify(afterCrash)}`);
  const written = (await entriesOf()) - before;
  check(
    written >= answeredBeforeKill,
    `every read answered before the kill has its entry (${answeredBeforeKill} answered, ${written} entries)`,
  );

  await server.stop();
  server = await startServer({ port, name: 'audit-crash', env, showErrors: true });
  const again = await signInOverHttp(origin, 'ada@riverside.example', 'Auscura-demo-2026');
  for (const path of paths.slice(0, 20)) {
    const response = await fetch(`${origin}/api/v1${path}`, { headers: { authorization: `Bearer ${again}` } });
    await response.arrayBuffer();
  }
  const afterRestart = await verifyChain(db);
  check(
    afterRestart.ok && afterRestart.entries > afterCrash.entries,
    `the chain goes on and verifies after the restart: ${JSON.stringify(afterRestart)}`,
  );
} finally {
  await db.end();
  await server.stop();
  const cleanup = new pg.Client({ connectionString: serverUrl });
  await cleanup.connect();
  await cleanup.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await cleanup.end();
}
if (failures.length) {
  console.error(`${failures.length} check(s) failed`);
  process.exit(1);
}
console.log('audit crash test passed');
