import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { connectDatabase, migrate } from './connect.js';
import { freshDatabase } from '../test/test-app.js';

// The PostgreSQL server through the postgres.js dialect (db/postgres-js-dialect.ts): prepared statements,
// the connection pool and the values the repositories rely on. PGlite is one session with its own parsers.
describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL through the postgres.js dialect', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;

  beforeAll(async () => {
    fresh = await freshDatabase('postgres');
    await migrate(fresh.handle);
  });
  afterAll(async () => {
    await fresh?.handle.close();
    await fresh?.drop();
  });

  // A transaction holds one connection, so what it sees of pg_prepared_statements is that session's.
  it('are prepared once per connection and reused with new values', async () => {
    const { db } = fresh.handle;
    await db.transaction().execute(async (tx) => {
      const names = ['Prepared One', 'Prepared Two', 'Prepared Three'];
      for (const name of names) await tx.insertInto('organizations').values({ name }).execute();
      const found = [];
      for (const name of names) {
        found.push(
          (await tx.selectFrom('organizations').select('name').where('name', '=', name).executeTakeFirst())?.name,
        );
      }
      expect(found).toEqual(names);
      const prepared = await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(tx);
      const statements = prepared.rows.map((row) => row.statement);
      // One insert and one select shape, whatever the values.
      expect(statements.filter((s) => s.startsWith('insert into "organizations"'))).toHaveLength(1);
      expect(statements.filter((s) => s.startsWith('select "name" from "organizations"'))).toHaveLength(1);
    });
  });

  it('run their generic plan, not one planned per execution', async () => {
    const { db } = fresh.handle;
    await db.transaction().execute(async (tx) => {
      const mode = await sql<{ plan_cache_mode: string }>`SHOW plan_cache_mode`.execute(tx);
      expect(mode.rows[0]?.plan_cache_mode).toBe('force_generic_plan');
      for (let i = 0; i < 3; i++) {
        await tx.selectFrom('organizations').select('id').where('name', '=', `Plan ${i}`).execute();
      }
      const plans = await sql<{ generic_plans: number; custom_plans: number }>`
        SELECT generic_plans, custom_plans FROM pg_prepared_statements
        WHERE statement LIKE 'select "id" from "organizations" where "name" = $1'`.execute(tx);
      expect(plans.rows[0]).toMatchObject({ custom_plans: 0 });
      expect(Number(plans.rows[0]?.generic_plans)).toBeGreaterThanOrEqual(3);
    });
  });

  it('survive losing an idle connection: the next query opens another and the process goes on', async () => {
    let closed = 0;
    const handle = await connectDatabase({ url: fresh.url, poolSize: 1, onConnectionClosed: () => (closed += 1) });
    try {
      const pid = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(handle.db);
      // Another session ends this one while it sits idle.
      await sql`SELECT pg_terminate_backend(${pid.rows[0]!.pid})`.execute(fresh.handle.db);
      await expect.poll(() => closed).toBe(1);
      const again = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(handle.db);
      expect(again.rows[0]?.pid).not.toBe(pid.rows[0]!.pid);
    } finally {
      await handle.close();
    }
  });

  it('give a transaction a connection of its own while other queries share the rest', async () => {
    const handle = await connectDatabase({ url: fresh.url, poolSize: 2 });
    try {
      let holding!: (pid: number) => void;
      const held = new Promise<number>((resolve) => (holding = resolve));
      let finish!: () => void;
      const finished = new Promise<void>((resolve) => (finish = resolve));
      // One connection held by a transaction; the other serves everything else meanwhile.
      const transaction = handle.db.transaction().execute(async (tx) => {
        const own = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(tx);
        holding(own.rows[0]!.pid);
        await finished;
      });
      const heldPid = await held;
      const others = await Promise.all(
        Array.from({ length: 8 }, () => sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(handle.db)),
      );
      finish();
      await transaction;
      const shared = new Set(others.map((result) => result.rows[0]!.pid));
      expect(shared.size).toBe(1);
      expect(shared.has(heldPid)).toBe(false);
    } finally {
      await handle.close();
    }
  });

  it('open at most DATABASE_POOL_SIZE connections, however many queries wait', async () => {
    const handle = await connectDatabase({ url: fresh.url, poolSize: 2 });
    try {
      const backends = await Promise.all(
        Array.from({ length: 6 }, () =>
          sql<{ pid: number }>`SELECT pg_backend_pid() AS pid, pg_sleep(0.05)`.execute(handle.db),
        ),
      );
      expect(new Set(backends.map((result) => result.rows[0]!.pid)).size).toBe(2);
    } finally {
      await handle.close();
    }
  });

  it('still roll a transaction back as a whole', async () => {
    const { db } = fresh.handle;
    await db
      .transaction()
      .execute(async (tx) => {
        await tx.insertInto('organizations').values({ name: 'Rolled Back' }).execute();
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const row = await db.selectFrom('organizations').select('id').where('name', '=', 'Rolled Back').executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('keeps dates as YYYY-MM-DD text, bigints as numbers and timestamps as Dates', async () => {
    const row = await sql<{ day: unknown; count: unknown; at: unknown; stored: unknown }>`
      SELECT ${'1987-04-10'}::date AS day, count(*) AS count, ${new Date('2026-11-16T06:25:04.664Z')}::timestamptz AS at,
             ${new Date('2026-11-16T23:30:00Z')}::date AS stored
      FROM generate_series(1, 3)`.execute(fresh.handle.db);
    expect(row.rows[0]).toEqual({
      day: '1987-04-10',
      count: 3,
      at: new Date('2026-11-16T06:25:04.664Z'),
      stored: '2026-11-16',
    });
  });

  it('stores JSON text as the object it spells, and arrays as arrays', async () => {
    const { db } = fresh.handle;
    const organization = await db
      .insertInto('organizations')
      .values({ name: 'Dialect Clinic' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('audit_log')
      .values({
        organization_id: organization.id,
        action: 'list',
        target_type: 'exam-list',
        detail: JSON.stringify({ patientProfileIds: ['a', 'b'] }),
      })
      .execute();
    const found = await sql<{ detail: unknown; kind: string; labels: unknown }>`
      SELECT detail, jsonb_typeof(detail) AS kind, ${['Rhonchi', 'Wheezing']}::text[] AS labels
      FROM audit_log WHERE organization_id = ${organization.id} AND detail @> '{"patientProfileIds":["b"]}'`.execute(
      db,
    );
    expect(found.rows).toEqual([
      { detail: { patientProfileIds: ['a', 'b'] }, kind: 'object', labels: ['Rhonchi', 'Wheezing'] },
    ]);
  });

  it('reports how many rows a change touched', async () => {
    const { db } = fresh.handle;
    await db
      .insertInto('organizations')
      .values([{ name: 'Touched A' }, { name: 'Touched B' }])
      .execute();
    const result = await db
      .updateTable('organizations')
      .set({ name: sql<string>`name || ' (renamed)'` })
      .where('name', 'like', 'Touched %')
      .executeTakeFirst();
    expect(result.numUpdatedRows).toBe(2n);
  });

  it('turns a failed statement into an error with its SQLSTATE, and goes on', async () => {
    const { db } = fresh.handle;
    await expect(sql`SELECT 1 / 0`.execute(db)).rejects.toMatchObject({ code: '22012' });
    expect((await sql<{ one: number }>`SELECT 1 AS one`.execute(db)).rows[0]?.one).toBe(1);
  });
});
