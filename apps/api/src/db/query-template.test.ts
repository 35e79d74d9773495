import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from './connect.js';
import { createQueryTemplates } from './query-template.js';
import { seedDemoData } from '../seed/demo-data.js';
import { freshDatabase } from '../test/test-app.js';

describe('query templates', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;

  beforeAll(async () => {
    fresh = await freshDatabase('pglite');
    await migrate(fresh.handle);
    await seedDemoData(fresh.handle.db, { reset: false, tcVersion: 1 });
  });
  afterAll(async () => {
    await fresh?.handle.close();
    await fresh?.drop();
  });

  const providersOf = (templates: ReturnType<typeof createQueryTemplates>, emails: string[], builds: string[]) =>
    templates.execute<{ email_address: string }>(
      fresh.handle.db,
      `providers by ${emails.length} emails`,
      (slot) => {
        builds.push(`${emails.length}`);
        return fresh.handle.db
          .selectFrom('healthcare_providers')
          .select('email_address')
          .where(
            'email_address',
            'in',
            emails.map((_, i) => slot(`e${i}`)),
          )
          .orderBy('email_address');
      },
      Object.fromEntries(emails.map((email, i) => [`e${i}`, email])),
    );

  it('builds a shape once and runs it with each call’s own values', async () => {
    const templates = createQueryTemplates();
    const builds: string[] = [];
    const first = await providersOf(templates, ['ada@riverside.example'], builds);
    const second = await providersOf(templates, ['ben@lakeside.example'], builds);
    const both = await providersOf(templates, ['grace@riverside.example', 'ben@lakeside.example'], builds);
    expect(first.map((row) => row.email_address)).toEqual(['ada@riverside.example']);
    expect(second.map((row) => row.email_address)).toEqual(['ben@lakeside.example']);
    expect(both.map((row) => row.email_address)).toEqual(['ben@lakeside.example', 'grace@riverside.example']);
    // One build for the one-email shape, one for the two-email shape.
    expect(builds).toEqual(['1', '2']);
    expect(templates.size).toBe(2);
  });

  it('refuses to run a shape without a value for one of its slots', async () => {
    const templates = createQueryTemplates();
    await expect(
      templates.execute(
        fresh.handle.db,
        'provider by id',
        (slot) => fresh.handle.db.selectFrom('healthcare_providers').selectAll().where('id', '=', slot('id')),
        {},
      ),
    ).rejects.toThrow('No value for slot id');
  });

  it('keeps at most its limit of shapes and still answers past it', async () => {
    const templates = createQueryTemplates(1);
    const builds: string[] = [];
    await providersOf(templates, ['ada@riverside.example'], builds);
    const rows = await providersOf(templates, ['ada@riverside.example', 'ben@lakeside.example'], builds);
    await providersOf(templates, ['ada@riverside.example', 'ben@lakeside.example'], builds);
    expect(rows).toHaveLength(2);
    expect(templates.size).toBe(1);
    expect(builds).toEqual(['1', '2', '2']);
  });
});
