import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { connectDatabase, migrate } from '../db/connect.js';
import type { DatabaseHandle } from '../db/connect.js';
import { backends, freshDatabase } from '../test/test-app.js';
import { exportAuditEntries, exportedEntryHash, jsonbText, verifyAuditChain } from './chain.js';
import type { ExportedAuditEntry } from './chain.js';
import { createAuditRepository } from './repository.js';

describe.each(backends)('the audit hash chain (%s)', (backend) => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let provider: { healthcareProviderId: string; organizationId: string };
  /** PostgreSQL: a second pool, as a second API process would have. */
  let other: DatabaseHandle | undefined;

  beforeAll(async () => {
    fresh = await freshDatabase(backend);
    await migrate(fresh.handle);
    const org = await fresh.handle.db
      .insertInto('organizations')
      .values({ name: 'Chain Clinic' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const hp = await fresh.handle.db
      .insertInto('healthcare_providers')
      .values({ organization_id: org.id, email_address: 'chain@test.example', password_hash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    provider = { healthcareProviderId: hp.id, organizationId: org.id };
    if (fresh.url) other = await connectDatabase({ url: fresh.url, poolSize: 5 });
  });
  afterAll(async () => {
    await other?.close();
    await fresh?.handle.close();
    await fresh?.drop();
  });

  const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

  it('stays one chain under concurrent writers: group commits, transactions, and (PostgreSQL) a second pool', async () => {
    const db = fresh.handle.db;
    const writers = [createAuditRepository(db), ...(other ? [createAuditRepository(other.db)] : [])];
    const work: Promise<unknown>[] = [];
    for (let i = 0; i < 200; i++) {
      const audit = writers[i % writers.length]!;
      work.push(audit.record(provider, { action: 'read', targetType: 'exam', targetId: id(i) }));
      if (i % 10 === 0) {
        const handle = i % 20 === 0 && other ? other.db : db;
        work.push(
          handle.transaction().execute(async (tx) => {
            await createAuditRepository(tx).record(provider, { action: 'update', targetType: 'exam', targetId: id(i) });
            await createAuditRepository(tx).record(
              { kind: 'patient', ref: id(i), organizationId: provider.organizationId },
              {
                action: 'join',
                targetType: 'live-exam',
                targetId: id(i),
              },
            );
          }),
        );
      }
    }
    await Promise.all(work);
    const report = await verifyAuditChain(db);
    expect(report).toMatchObject({ ok: true, entries: 240 });
    const seqs = await db.selectFrom('audit_log').select('seq').orderBy('seq').execute();
    expect(seqs.map((row) => Number(row.seq))).toEqual(Array.from({ length: 240 }, (_, i) => i + 1));
  });

  it('leaves no trace of a rolled-back entry in the chain', async () => {
    const db = fresh.handle.db;
    await expect(
      db.transaction().execute(async (tx) => {
        await createAuditRepository(tx).record(provider, { action: 'delete', targetType: 'exam', targetId: id(1) });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await createAuditRepository(db).record(provider, { action: 'read', targetType: 'exam', targetId: id(2) });
    expect(await verifyAuditChain(db)).toMatchObject({ ok: true, entries: 241 });
  });

  it('exports JSON lines that parse back to the stored entries and verify without the database', async () => {
    const db = fresh.handle.db;
    await createAuditRepository(db).record(provider, {
      action: 'share',
      targetType: 'exam',
      targetId: id(3),
      detail: { note: 'quote " backslash \\ tab \t línea ✓ 🫀', nested: { b: [1, 2], a: true, longer: null } },
    });
    const lines: string[] = [];
    for await (const entry of exportAuditEntries(
      db,
      new Date(Date.now() - 3600_000),
      new Date(Date.now() + 3600_000),
    )) {
      lines.push(JSON.stringify(entry));
    }
    expect(lines).toHaveLength(242);
    const parsed = lines.map((line) => JSON.parse(line) as ExportedAuditEntry);
    const stored = await db.selectFrom('audit_log').selectAll().orderBy('seq').execute();
    parsed.forEach((entry, index) => {
      const row = stored[index]!;
      expect(entry).toMatchObject({
        seq: Number(row.seq),
        id: Number(row.id),
        actorKind: row.actor_kind,
        actorRef: row.actor_ref,
        healthcareProviderId: row.healthcare_provider_id,
        organizationId: row.organization_id,
        action: row.action,
        targetType: row.target_type,
        targetId: row.target_id,
        patientProfileId: row.patient_profile_id,
        detail: row.detail,
        hash: Buffer.from(row.hash).toString('hex'),
      });
      expect(new Date(entry.at).getTime()).toBe(new Date(row.at).getTime());
      // Recomputed from the line alone, and linked to the line before.
      expect(exportedEntryHash(entry)).toBe(entry.hash);
      if (index > 0) expect(entry.prevHash).toBe(parsed[index - 1]!.hash);
    });
    // The JavaScript rendering of jsonb text is the database's own.
    const detail = parsed.at(-1)!.detail;
    const text = await sql<{ text: string }>`SELECT ${JSON.stringify(detail)}::jsonb::text AS text`.execute(db);
    expect(jsonbText(detail)).toBe(text.rows[0]!.text);
  });

  it('exports only the entries of the range', async () => {
    const future = new Date(Date.now() + 86_400_000);
    const entries = [];
    for await (const entry of exportAuditEntries(fresh.handle.db, future, new Date(future.getTime() + 1000)))
      entries.push(entry);
    expect(entries).toEqual([]);
  });

  it('refuses changes from the application', async () => {
    await expect(sql`UPDATE audit_log SET action = 'read' WHERE seq = 5`.execute(fresh.handle.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`DELETE FROM audit_log WHERE seq = 5`.execute(fresh.handle.db)).rejects.toThrow(/append-only/);
  });

  it('names the first entry changed by SQL, then a removed tail', async () => {
    const db = fresh.handle.db;
    await sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update`.execute(db);
    try {
      const original = await db
        .selectFrom('audit_log')
        .select('target_id')
        .where('seq', '=', 57)
        .executeTakeFirstOrThrow();
      await sql`UPDATE audit_log SET target_id = ${id(999)} WHERE seq = 57`.execute(db);
      const edited = await verifyAuditChain(db);
      expect(edited).toMatchObject({ ok: false, entries: 56, brokenAt: { seq: 57 } });
      expect(!edited.ok && edited.reason).toMatch(/content does not match/);
      // Rehashing the edited entry moves the break to the next link, which still names the old hash.
      await sql`UPDATE audit_log a SET hash = audit_entry_hash(a.prev_hash, a) WHERE seq = 57`.execute(db);
      expect(await verifyAuditChain(db)).toMatchObject({ ok: false, brokenAt: { seq: 58 } });
      await sql`UPDATE audit_log SET target_id = ${original.target_id} WHERE seq = 57`.execute(db);
      await sql`UPDATE audit_log a SET hash = audit_entry_hash(a.prev_hash, a) WHERE seq = 57`.execute(db);
      expect(await verifyAuditChain(db)).toMatchObject({ ok: true });
      await sql`DELETE FROM audit_log WHERE seq = (SELECT max(seq) FROM audit_log)`.execute(db);
      const truncated = await verifyAuditChain(db);
      expect(truncated).toMatchObject({ ok: false, brokenAt: { seq: 242 } });
      await sql`DELETE FROM audit_log WHERE seq = 100`.execute(db);
      expect(await verifyAuditChain(db)).toMatchObject({ ok: false, brokenAt: { seq: 101 } });
    } finally {
      await sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update`.execute(db);
    }
  });
});

/**
 * Migration 018: the head row is written once per statement, and a transaction's entries link
 * through a transaction-local setting. Multi-row statements, several statements in a transaction,
 * savepoints rolled back or released, a statement failing half-way and concurrent transactions must
 * still give one gapless chain whose head names its last entry.
 */
describe.each(backends)('the audit chain written per statement (%s)', (backend) => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let other: DatabaseHandle | undefined;
  let hp: string;

  beforeAll(async () => {
    fresh = await freshDatabase(backend);
    await migrate(fresh.handle);
    const org = await fresh.handle.db
      .insertInto('organizations')
      .values({ name: 'Statement Clinic' })
      .returning('id')
      .executeTakeFirstOrThrow();
    hp = (
      await fresh.handle.db
        .insertInto('healthcare_providers')
        .values({ organization_id: org.id, email_address: 'statement@test.example', password_hash: 'x' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    if (fresh.url) other = await connectDatabase({ url: fresh.url, poolSize: 4 });
  });
  afterAll(async () => {
    await other?.close();
    await fresh?.handle.close();
    await fresh?.drop();
  });

  const rows = (n: number, actorKind = 'healthcare-provider') =>
    Array.from({ length: n }, () => ({
      actor_kind: actorKind as 'healthcare-provider',
      healthcare_provider_id: hp,
      action: 'read' as const,
      target_type: 'exam' as const,
    }));

  it('keeps one chain through multi-row statements, savepoints and a statement failing half-way', async () => {
    const db = fresh.handle.db;
    await db.transaction().execute(async (tx) => {
      await tx.insertInto('audit_log').values(rows(3)).execute();
      await sql`SAVEPOINT a`.execute(tx);
      await tx.insertInto('audit_log').values(rows(2)).execute();
      await sql`ROLLBACK TO SAVEPOINT a`.execute(tx);
      await tx.insertInto('audit_log').values(rows(1)).execute();
      await sql`SAVEPOINT b`.execute(tx);
      // The third row breaks the actor_kind check after two rows went through the trigger.
      await expect(
        tx
          .insertInto('audit_log')
          .values([...rows(2), ...rows(1, 'nobody')])
          .execute(),
      ).rejects.toThrow();
      await sql`ROLLBACK TO SAVEPOINT b`.execute(tx);
      await sql`SAVEPOINT c`.execute(tx);
      await tx.insertInto('audit_log').values(rows(2)).execute();
      await sql`RELEASE SAVEPOINT c`.execute(tx);
    });
    await db.insertInto('audit_log').values(rows(4)).execute();
    expect(await verifyAuditChain(db)).toMatchObject({ ok: true, entries: 10, head: { seq: 10 } });
  });

  it('serializes concurrent multi-statement transactions (PostgreSQL: from two pools)', async () => {
    const handles = [fresh.handle.db, ...(other ? [other.db] : [])];
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        handles[i % handles.length]!.transaction().execute(async (tx) => {
          await tx.insertInto('audit_log').values(rows(2)).execute();
          await tx.insertInto('audit_log').values(rows(3)).execute();
        }),
      ),
    );
    expect(await verifyAuditChain(fresh.handle.db)).toMatchObject({ ok: true, entries: 210, head: { seq: 210 } });
  });
});
