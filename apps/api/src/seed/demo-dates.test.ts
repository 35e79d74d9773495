import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { pinAgeExamples } from './age-examples.js';

describe.each(backends)('the demo data on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => t?.close());

  it("creates every profile after its patient's birth and before the patient's first exam (issue 22)", async () => {
    const db = t.database.db;
    await pinAgeExamples(db, 'Riverside Cardiology', Date.now());
    const rows = await db
      .selectFrom('patient_profiles as pp')
      .leftJoin('exams as e', 'e.patient_profile_id', 'pp.id')
      .select([
        'pp.id',
        'pp.date_created',
        'pp.birthdate',
        sql<Date | null>`min(e.date_created)`.as('first_exam'),
        sql<number>`count(e.id)`.as('exams'),
      ])
      .groupBy(['pp.id', 'pp.date_created', 'pp.birthdate'])
      .execute();
    expect(rows.filter((row) => Number(row.exams) > 0).length).toBeGreaterThan(20);
    const late = rows.filter((row) => row.first_exam && new Date(row.date_created) > new Date(row.first_exam));
    expect(late).toEqual([]);
    const unborn = rows.filter(
      (row) => row.birthdate && new Date(row.date_created).toISOString().slice(0, 10) < String(row.birthdate),
    );
    expect(unborn).toEqual([]);
  });
});
