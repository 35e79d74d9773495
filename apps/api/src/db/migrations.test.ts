import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { connectDatabase, migrate } from './connect.js';
import { backends, freshDatabase } from '../test/test-app.js';
import { seedDemoData } from '../seed/demo-data.js';

describe.each(backends)('migrations and seed on %s', (backend) => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
    cleanup = undefined;
  });

  it('applies every migration once, then nothing on a second run', async () => {
    const fresh = await freshDatabase(backend, { empty: true });
    cleanup = async () => {
      await fresh.handle.close();
      await fresh.drop();
    };
    const first = await migrate(fresh.handle);
    expect(first.slice(0, 3)).toEqual(['001_foundation.sql', '002_exams.sql', '003_accounts.sql']);
    expect(await migrate(fresh.handle)).toEqual([]);
    const tables = await sql<{ table_name: string }>`
      SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`.execute(
      fresh.handle.db,
    );
    expect(tables.rows.map((row) => row.table_name)).toEqual(
      expect.arrayContaining([
        'organizations',
        'healthcare_providers',
        'patient_profiles',
        'oidc_payloads',
        'exams',
        'auscultations',
        'audit_log',
      ]),
    );
  });

  it('seeds the demo data once, leaves it alone after, and rebuilds it on reset', async () => {
    const fresh = await freshDatabase(backend);
    cleanup = async () => {
      await fresh.handle.close();
      await fresh.drop();
    };
    await migrate(fresh.handle);
    expect(await seedDemoData(fresh.handle.db, { reset: false, tcVersion: 1 })).toMatch(
      /^Seeded 2 organizations, 5 providers, 50 patients and \d+ exams\.$/,
    );
    expect(await seedDemoData(fresh.handle.db, { reset: false, tcVersion: 1 })).toContain('nothing seeded');
    await fresh.handle.db.insertInto('organizations').values({ name: 'Extra Clinic' }).execute();
    await seedDemoData(fresh.handle.db, { reset: true, tcVersion: 1 });
    const names = await fresh.handle.db.selectFrom('organizations').select('name').orderBy('name').execute();
    expect(names.map((row) => row.name)).toEqual(['Lakeside Pulmonology', 'Riverside Cardiology']);
  });

  it('rejects a second patient with the same email in one organization, whatever the case', async () => {
    const fresh = await freshDatabase(backend);
    cleanup = async () => {
      await fresh.handle.close();
      await fresh.drop();
    };
    await migrate(fresh.handle);
    await seedDemoData(fresh.handle.db, { reset: false, tcVersion: 1 });
    const existing = await fresh.handle.db
      .selectFrom('patient_profiles')
      .selectAll()
      .limit(1)
      .executeTakeFirstOrThrow();
    await expect(
      fresh.handle.db
        .insertInto('patient_profiles')
        .values({ ...existing, id: undefined, email_address: existing.email_address.toUpperCase() })
        .execute(),
    ).rejects.toThrow();
  });

  it.runIf(backend === 'postgres')(
    'applies the migrations once when several processes start together: one migrates, the others wait',
    async () => {
      const fresh = await freshDatabase(backend, { empty: true });
      // Three processes' own connections to one new database, as three servers of an upgrade.
      const others = await Promise.all([1, 2].map(() => connectDatabase({ url: fresh.url! })));
      cleanup = async () => {
        await Promise.all(others.map((handle) => handle.close()));
        await fresh.handle.close();
        await fresh.drop();
      };
      const results = await Promise.all([fresh.handle, ...others].map((handle) => migrate(handle)));
      // Exactly one applied them all; the others, having waited for its lock, found nothing to do.
      const applied = results.filter((names) => names.length > 0);
      expect(applied).toHaveLength(1);
      expect(applied[0]).toContain('001_foundation.sql');
      expect(results.filter((names) => names.length === 0)).toHaveLength(2);
      const rows = await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(fresh.handle.db);
      expect(rows.rows.map((row) => row.name).sort()).toEqual([...applied[0]!].sort());
    },
  );

  it.runIf(backend === 'postgres')('seeds an empty database once when two processes start together', async () => {
    const fresh = await freshDatabase(backend, { empty: true });
    const other = await connectDatabase({ url: fresh.url! });
    cleanup = async () => {
      await other.close();
      await fresh.handle.close();
      await fresh.drop();
    };
    await migrate(fresh.handle);
    // What server.ts does at start: the seed under the same database-wide lock.
    const summaries = await Promise.all(
      [fresh.handle, other].map((handle) =>
        handle.exclusive(() => seedDemoData(handle.db, { reset: false, tcVersion: 1 })),
      ),
    );
    expect(summaries.filter((summary) => summary.startsWith('Seeded'))).toHaveLength(1);
    const organizations = await fresh.handle.db.selectFrom('organizations').select('name').execute();
    expect(organizations).toHaveLength(2);
  });
});
