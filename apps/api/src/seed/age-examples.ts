// Two demo patients whose heart rates are judged by age (issue: rates judged against the
// patient's own age range): the first Riverside patient with a heart auscultation becomes an
// infant (born six months before their first exam, so every exam falls in infancy) and the
// second an adult of 45. Only birthdates change: every count, name and exam of the seed stays.
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

const DEMO_ADULT_YEARS = 45;
const DEMO_INFANT_MONTHS_AT_FIRST_EXAM = 6;

/** Sets the two birthdates; returns the patients' ids, infant first. */
export async function pinAgeExamples(db: Db, organizationName: string, now: number): Promise<[string, string] | null> {
  const rows = await db
    .selectFrom('patient_profiles as pp')
    .innerJoin('organizations as o', 'o.id', 'pp.organization_id')
    .innerJoin('exams as e', 'e.patient_profile_id', 'pp.id')
    .innerJoin('auscultations as a', 'a.exam_id', 'e.id')
    .where('o.name', '=', organizationName)
    .where('a.point_type', '=', 'heart')
    .select(['pp.id', 'pp.date_created', sql<Date>`min(e.date_created)`.as('first_exam')])
    .groupBy(['pp.id', 'pp.date_created'])
    .orderBy('pp.date_created')
    .orderBy('pp.id')
    .limit(2)
    .execute();
  if (rows.length < 2) return null;
  const [infant, adult] = rows as [(typeof rows)[number], (typeof rows)[number]];
  const birth = new Date(infant.first_exam);
  birth.setUTCMonth(birth.getUTCMonth() - DEMO_INFANT_MONTHS_AT_FIRST_EXAM);
  const adultBirth = new Date(now);
  adultBirth.setUTCFullYear(adultBirth.getUTCFullYear() - DEMO_ADULT_YEARS);
  for (const [id, date] of [
    [infant.id, birth],
    [adult.id, adultBirth],
  ] as const)
    await db
      .updateTable('patient_profiles')
      // A profile is not created before its patient is born; the first exam stays after both.
      .set({ birthdate: date.toISOString().slice(0, 10), date_created: sql<Date>`greatest(date_created, ${date})` })
      .where('id', '=', id)
      .execute();
  return [infant.id, adult.id];
}
