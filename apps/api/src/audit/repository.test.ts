import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../lib/principal.js';
import { migrate } from '../db/connect.js';
import { backends, freshDatabase } from '../test/test-app.js';
import { createAuditRepository } from './repository.js';

describe.each(backends)('the audit log (%s)', (backend) => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let principal: Principal;

  beforeAll(async () => {
    fresh = await freshDatabase(backend);
    await migrate(fresh.handle);
    const org = await fresh.handle.db
      .insertInto('organizations')
      .values({ name: 'Audit Test Clinic' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const hp = await fresh.handle.db
      .insertInto('healthcare_providers')
      .values({ organization_id: org.id, email_address: 'audit@test.example', password_hash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    principal = {
      authId: 'auth|audit',
      healthcareProviderId: hp.id,
      organizationId: org.id,
      organizationName: 'Audit Test Clinic',
      roles: ['healthcare-provider'],
    };
  });
  afterAll(async () => {
    await fresh?.handle.close();
    await fresh?.drop();
  });

  const countRows = async (targetType: string) =>
    Number(
      (
        await fresh.handle.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('target_type', '=', targetType as never)
          .where('organization_id', '=', principal.organizationId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('has every concurrently recorded entry committed by the time its record call resolves', async () => {
    const audit = createAuditRepository(fresh.handle.db);
    const ids = Array.from({ length: 120 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    await Promise.all(ids.map((id) => audit.record(principal, { action: 'read', targetType: 'exam', targetId: id })));
    expect(await countRows('exam')).toBe(120);
    // Entries recorded after a batch has gone out are written too.
    await audit.record(principal, { action: 'read', targetType: 'exam', targetId: ids[0] });
    expect(await countRows('exam')).toBe(121);
  });

  it('rejects every waiting call when its batch cannot be written', async () => {
    const audit = createAuditRepository(fresh.handle.db);
    const calls = [
      audit.record(principal, { action: 'read', targetType: 'patient-profile', targetId: 'not-a-uuid' }),
      audit.record(principal, { action: 'read', targetType: 'patient-profile' }),
    ];
    // The malformed id fails the shared INSERT, so neither entry is written and both calls hear of it.
    const results = await Promise.allSettled(calls);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await countRows('patient-profile')).toBe(0);
    // The writer recovers for the next batch.
    await audit.record(principal, { action: 'read', targetType: 'patient-profile' });
    expect(await countRows('patient-profile')).toBe(1);
  });

  it('writes inside a transaction as part of it, so a rollback takes the entry with it', async () => {
    await fresh.handle.db
      .transaction()
      .execute(async (tx) => {
        await createAuditRepository(tx).record(principal, { action: 'update', targetType: 'auscultation' });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await countRows('auscultation')).toBe(0);
  });
});
