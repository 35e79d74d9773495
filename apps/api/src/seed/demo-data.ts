import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { hashPassword } from '../identity/passwords.js';

export const demoPassword = 'Auscura-demo-2026';

type DemoProvider = { email: string; firstName: string; lastName: string; displayName: string; patients: number };
type DemoOrganization = { name: string; providers: DemoProvider[] };

/** The demo organizations of the foundation issue; the first provider of each is the demo sign-in. */
export const demoOrganizations: DemoOrganization[] = [
  {
    name: 'Riverside Cardiology',
    providers: [
      {
        email: 'ada@riverside.example',
        firstName: 'Ada',
        lastName: 'Lovelace',
        displayName: 'Dr. Lovelace',
        patients: 18,
      },
      {
        email: 'grace@riverside.example',
        firstName: 'Grace',
        lastName: 'Hopper',
        displayName: 'Dr. Hopper',
        patients: 7,
      },
    ],
  },
  {
    name: 'Lakeside Pulmonology',
    providers: [
      { email: 'ben@lakeside.example', firstName: 'Ben', lastName: 'Carson', displayName: 'Dr. Carson', patients: 17 },
      {
        email: 'rosalind@lakeside.example',
        firstName: 'Rosalind',
        lastName: 'Franklin',
        displayName: 'Dr. Franklin',
        patients: 8,
      },
    ],
  },
];

const femaleNames = [
  'Maria',
  'Olivia',
  'Amara',
  'Sofia',
  'Hannah',
  'Priya',
  'Chloe',
  'Isabel',
  'Grace',
  'Leila',
  'Nora',
  'Elena',
  'Yuki',
  'Fatima',
  'Ruth',
  'Clara',
  'Aisha',
  'Mei',
  'Teresa',
  'Ingrid',
  'Zoe',
  'Lucia',
  'Naomi',
  'Esther',
  'Beatriz',
];
const maleNames = [
  'James',
  'Mateo',
  'Kwame',
  'Liam',
  'Arjun',
  'Noah',
  'Diego',
  'Samuel',
  'Hiro',
  'Omar',
  'Daniel',
  'Tomas',
  'Elijah',
  'Viktor',
  'Caleb',
  'Rafael',
  'Jonah',
  'Ibrahim',
  'Felix',
  'Andre',
  'Malik',
  'Oscar',
  'Henry',
  'Luca',
  'Emeka',
];
const lastNames = [
  'Garcia',
  'Okafor',
  'Nguyen',
  'Patel',
  'Johansson',
  'Kowalski',
  'Haddad',
  'Müller',
  "O'Brien",
  'Tanaka',
  'Rossi',
  'Mensah',
  'Silva',
  'Cohen',
  'Fischer',
  'Dubois',
  'Ivanova',
  'Kim',
  'Larsen',
  'Moreno',
  'Novak',
  'Abara',
  'Brennan',
  'Castillo',
  'Delgado',
  'Eriksen',
  'Fontaine',
  'Gupta',
  'Holm',
  'Iyer',
  'Jensen',
  'Kaur',
  'Lindqvist',
  'Mbeki',
  'Nakamura',
  'Ortiz',
  'Petrov',
  'Quinn',
  'Reyes',
  'Santos',
  'Thompson',
  'Umar',
  'Vasquez',
  'Walsh',
  'Yilmaz',
  'Zhang',
  'Adeyemi',
  'Bianchi',
  'Chen',
  'Doyle',
];

/** mulberry32: a small seeded PRNG, so the demo data is the same on every machine. */
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

function emailLocal(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
}

/**
 * Seeds the demo data into an empty database (or, with reset, after emptying it). Returns a
 * one-line summary. Does nothing when organizations already exist and reset is off.
 */
export async function seedDemoData(db: Db, options: { reset: boolean; tcVersion: number }): Promise<string> {
  if (options.reset) {
    // CASCADE reaches every table that references organizations, present and future.
    await sql`TRUNCATE organizations CASCADE`.execute(db);
    await sql`TRUNCATE oidc_payloads, sign_in_failures`.execute(db);
  } else {
    const existing = await db.selectFrom('organizations').select('id').limit(1).executeTakeFirst();
    if (existing) return 'The database already has data; nothing seeded (use --reset to rebuild the demo data).';
  }
  const random = prng(20261121);
  const passwordHash = await hashPassword(demoPassword);
  const now = Date.now();
  const day = 24 * 3600 * 1000;
  let patientCount = 0;

  await db.transaction().execute(async (tx) => {
    for (const organization of demoOrganizations) {
      const org = await tx
        .insertInto('organizations')
        .values({ name: organization.name })
        .returning('id')
        .executeTakeFirstOrThrow();
      const usedEmails = new Set<string>();
      for (const provider of organization.providers) {
        const hp = await tx
          .insertInto('healthcare_providers')
          .values({
            organization_id: org.id,
            email_address: provider.email,
            first_name: provider.firstName,
            last_name: provider.lastName,
            display_name: provider.displayName,
            password_hash: passwordHash,
            tc_version: options.tcVersion,
            date_created: new Date(now - 800 * day),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (let index = 0; index < provider.patients; index++) {
          const sex = random() < 0.5 ? 'female' : 'male';
          const firstName = pick(random, sex === 'female' ? femaleNames : maleNames);
          const lastName = pick(random, lastNames);
          let email = `${emailLocal(firstName)}.${emailLocal(lastName)}@example.com`;
          for (let n = 2; usedEmails.has(email); n++)
            email = `${emailLocal(firstName)}.${emailLocal(lastName)}${n}@example.com`;
          usedEmails.add(email);
          // Ages from infants to the elderly; a few births are recent so age texts in months appear.
          const ageDays = random() < 0.12 ? Math.floor(30 + random() * 700) : Math.floor((5 + random() * 85) * 365.25);
          const birthdate = new Date(now - ageDays * day).toISOString().slice(0, 10);
          await tx
            .insertInto('patient_profiles')
            .values({
              organization_id: org.id,
              healthcare_provider_id: hp.id,
              first_name: firstName,
              last_name: lastName,
              email_address: email,
              birthdate: random() < 0.04 ? null : birthdate,
              sex: random() < 0.06 ? null : sex,
              date_created: new Date(now - Math.floor(random() * 700) * day - index * 3600 * 1000),
            })
            .execute();
          patientCount++;
        }
      }
    }
  });
  const providers = demoOrganizations.reduce((sum, org) => sum + org.providers.length, 0);
  return `Seeded ${demoOrganizations.length} organizations, ${providers} providers and ${patientCount} patients.`;
}
