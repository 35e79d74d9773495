import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { seedDemoData } from '../seed/demo-data.js';
import { migrate } from './connect.js';
import { backends, freshDatabase } from '../test/test-app.js';

type Fresh = Awaited<ReturnType<typeof freshDatabase>>;

describe.each(backends)('exam counters on %s', (backend) => {
  let fresh: Fresh;

  beforeAll(async () => {
    fresh = await freshDatabase(backend);
    await migrate(fresh.handle);
    await seedDemoData(fresh.handle.db, { reset: false, tcVersion: 1 });
  });
  afterAll(async () => {
    await fresh?.handle.close();
    await fresh?.drop();
  });

  /** Providers whose counters disagree with a count of their exams (empty when all agree). */
  async function drift() {
    const { rows } = await sql<{ provider: string; total: number; unreviewed: number; exams: number; open: number }>`
      SELECT hp.id AS provider, coalesce(c.total, 0) AS total, coalesce(c.unreviewed, 0) AS unreviewed,
             (SELECT count(*) FROM exams e WHERE e.healthcare_provider_id = hp.id) AS exams,
             (SELECT count(*) FROM exams e WHERE e.healthcare_provider_id = hp.id AND NOT e.reviewed) AS open
        FROM healthcare_providers hp LEFT JOIN exam_counters c ON c.healthcare_provider_id = hp.id`.execute(
      fresh.handle.db,
    );
    return rows.filter((row) => Number(row.total) !== Number(row.exams) || Number(row.unreviewed) !== Number(row.open));
  }

  it('agree with the exams after the seed', async () => {
    expect(await drift()).toEqual([]);
  });

  it('follow a bulk insert, a cascaded delete and a change of reviewed', async () => {
    const db = fresh.handle.db;
    // One statement inserts 8 exams for every patient, half of them reviewed.
    await sql`
      INSERT INTO exams (organization_id, patient_profile_id, healthcare_provider_id, type, reviewed)
      SELECT pp.organization_id, pp.id, pp.healthcare_provider_id, 'in-person', g % 2 = 0
        FROM patient_profiles pp CROSS JOIN generate_series(1, 8) g`.execute(db);
    expect(await drift()).toEqual([]);

    // Deleting patients deletes their exams by the foreign key's cascade, in one statement.
    await sql`DELETE FROM patient_profiles WHERE id IN (SELECT id FROM patient_profiles ORDER BY id LIMIT 7)`.execute(
      db,
    );
    expect(await drift()).toEqual([]);

    await sql`UPDATE exams SET reviewed = NOT reviewed WHERE id IN (SELECT id FROM exams ORDER BY id LIMIT 30)`.execute(
      db,
    );
    expect(await drift()).toEqual([]);
  });

  it('keeps one row version per provider after a bulk insert, not one per exam', async () => {
    const db = fresh.handle.db;
    await sql`VACUUM exam_counters`.execute(db);
    const before = await sql<{ pages: number }>`
      SELECT pg_relation_size('exam_counters') / current_setting('block_size')::int AS pages`.execute(db);
    await sql`
      INSERT INTO exams (organization_id, patient_profile_id, healthcare_provider_id, type, reviewed)
      SELECT pp.organization_id, pp.id, pp.healthcare_provider_id, 'live', false
        FROM patient_profiles pp CROSS JOIN generate_series(1, 100) g`.execute(db);
    const after = await sql<{ pages: number }>`
      SELECT pg_relation_size('exam_counters') / current_setting('block_size')::int AS pages`.execute(db);
    // ~4,000 exams; a counter update per exam would have added ~20 pages of dead versions.
    expect(Number(after.rows[0]?.pages)).toBeLessThanOrEqual(Number(before.rows[0]?.pages) + 1);
    expect(await drift()).toEqual([]);
  });
});
