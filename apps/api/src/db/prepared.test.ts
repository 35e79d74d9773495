import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { connectDatabase, migrate } from './connect.js';
import { freshDatabase } from '../test/test-app.js';

// Prepared statements and the connection pool exist only on the PostgreSQL server (PGlite is one session).
describe.skipIf(!process.env.TEST_DATABASE_URL)('statements on PostgreSQL', () => {
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
    const handle = await connectDatabase({ url: fresh.url, poolSize: 1 });
    try {
      const pid = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(handle.db);
      // Another session ends this one while it sits idle.
      await sql`SELECT pg_terminate_backend(${pid.rows[0]!.pid})`.execute(fresh.handle.db);
      await expect
        .poll(async () =>
          Number(
            (
              await sql<{
                n: number;
              }>`SELECT count(*) AS n FROM pg_stat_activity WHERE pid = ${pid.rows[0]!.pid}`.execute(fresh.handle.db)
            ).rows[0]?.n,
          ),
        )
        .toBe(0);
      const again = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(handle.db);
      expect(again.rows[0]?.pid).not.toBe(pid.rows[0]!.pid);
    } finally {
      await handle.close();
    }
  });

  it('give a transaction a connection of its own while other queries share the rest', async () => {
    const handle = await connectDatabase({ url: fresh.url, poolSize: 2 });
    try {
      let open!: () => void;
      const holding = new Promise<void>((resolve) => (open = resolve));
      // One connection held by a transaction; the other serves everything else meanwhile.
      const transaction = handle.db.transaction().execute(async (tx) => {
        const own = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(tx);
        await holding;
        return own.rows[0]!.pid;
      });
      const others = await Promise.all(
        Array.from({ length: 8 }, () => sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(handle.db)),
      );
      open();
      const held = await transaction;
      const shared = new Set(others.map((result) => result.rows[0]!.pid));
      expect(shared.size).toBe(1);
      expect(shared.has(held)).toBe(false);
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
});
