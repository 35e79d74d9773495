import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrate } from './connect.js';
import { freshDatabase } from '../test/test-app.js';

// The values the repositories rely on, as the postgres.js dialect hands them over (PostgreSQL only;
// PGlite has its own driver and parsers).
describe.skipIf(!process.env.TEST_DATABASE_URL)('values through the postgres.js dialect', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;

  beforeAll(async () => {
    fresh = await freshDatabase('postgres');
    await migrate(fresh.handle);
  });
  afterAll(async () => {
    await fresh?.handle.close();
    await fresh?.drop();
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
