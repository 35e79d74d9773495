import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { describePoint } from '../auscultations/mapper.js';
import type { Db } from '../db/connect.js';
import { pinAgeExamples } from './age-examples.js';
import { hashPassword } from '../identity/passwords.js';

export const demoPassword = 'Auscura-demo-2026';

type DemoProvider = {
  email: string;
  firstName: string | null;
  lastName: string | null;
  displayName: string | null;
  patients: number;
  /** Granted the council-member role (may see council exams across organizations). */
  council?: boolean;
  /** Must set a new password at the next sign-in (onboarding step 1). */
  mustChangePassword?: boolean;
  /** Terms version accepted; the configured TC_VERSION when not given. */
  tcVersion?: number;
};
type DemoOrganization = { name: string; focus: 'heart' | 'lungs'; providers: DemoProvider[] };

/** The demo organizations of the foundation issue; the first provider of each is the demo sign-in. */
export const demoOrganizations: DemoOrganization[] = [
  {
    name: 'Riverside Cardiology',
    focus: 'heart',
    providers: [
      {
        email: 'ada@riverside.example',
        firstName: 'Ada',
        lastName: 'Lovelace',
        displayName: 'Dr. Lovelace',
        patients: 18,
        council: true,
      },
      {
        email: 'grace@riverside.example',
        firstName: 'Grace',
        lastName: 'Hopper',
        displayName: 'Dr. Hopper',
        patients: 7,
      },
      // Every onboarding step applies to her (clinician-portal §2.6): a password to change, old
      // terms (version 0) and no display name. No patients, so the others' demo data stays as it was.
      {
        email: 'new@riverside.example',
        firstName: 'Nora',
        lastName: 'Newman',
        displayName: null,
        patients: 0,
        mustChangePassword: true,
        tcVersion: 0,
      },
    ],
  },
  {
    name: 'Lakeside Pulmonology',
    focus: 'lungs',
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
  let examCount = 0;

  await db.transaction().execute(async (tx) => {
    for (const organization of demoOrganizations) {
      const org = await tx
        .insertInto('organizations')
        .values({ name: organization.name })
        .returning('id')
        .executeTakeFirstOrThrow();
      const usedEmails = new Set<string>();
      const providerIds: string[] = [];
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
            tc_version: provider.tcVersion ?? options.tcVersion,
            must_change_password: provider.mustChangePassword ?? false,
            roles: provider.council ? ['healthcare-provider', 'council-member'] : ['healthcare-provider'],
            date_created: new Date(now - 800 * day),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        providerIds.push(hp.id);
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
          // The profile is created after the birth and before every exam (issue 22: 'Profile created'
          // never lies after the first exam).
          const createdDaysAgo = Math.min(Math.floor(random() * 700), ageDays - 1);
          const profileCreated = new Date(now - createdDaysAgo * day - index * 3600 * 1000);
          const patient = await tx
            .insertInto('patient_profiles')
            .values({
              organization_id: org.id,
              healthcare_provider_id: hp.id,
              first_name: firstName,
              last_name: lastName,
              email_address: email,
              birthdate: random() < 0.04 ? null : birthdate,
              sex: random() < 0.06 ? null : sex,
              date_created: profileCreated,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          patientCount++;
          examCount += await seedExams(tx, random, {
            organizationId: org.id,
            patientProfileId: patient.id,
            providerIds: providerIds,
            primaryProviderId: hp.id,
            focus: organization.focus,
            profileCreated: profileCreated.getTime(),
            now,
          });
        }
      }
    }
  });
  await pinAgeExamples(db, demoOrganizations[0]!.name, now);
  const providers = demoOrganizations.reduce((sum, org) => sum + org.providers.length, 0);
  return `Seeded ${demoOrganizations.length} organizations, ${providers} providers, ${patientCount} patients and ${examCount} exams.`;
}

const examTypes = ['in-person', 'live', 'self-provider-initiated', 'self-patient-initiated'] as const;
const noteTexts = [
  'Soft systolic murmur at the left sternal border; recheck in three months.',
  'Regular rate and rhythm. No extra sounds heard.',
  'Scattered expiratory wheeze, improved after bronchodilator.',
  'Fine crackles at both bases; compare with the next visit.',
  'Patient recorded at home; quality acceptable.',
];
const murmurPicks = [['Systolic ejection'], ['Holosystolic'], ['Likely no murmur'], ['Early diastolic', 'Continuous']];
const breathPicks = [['Wheezing'], ['Crackling'], ['Likely regular respiratory sounds'], ['Rhonchi', 'Wheezing']];

/**
 * 0–4 exams for one patient, of all four types, over the past year; some reviewed, some with
 * notes and enhanced notes; each with 1–6 auscultations at points that fit the organization.
 * Recordings are attached by the listening pipeline's seed.
 */
async function seedExams(
  tx: Transaction<Database>,
  random: () => number,
  patient: {
    organizationId: string;
    patientProfileId: string;
    providerIds: string[];
    primaryProviderId: string;
    focus: 'heart' | 'lungs';
    /** Exams fall between the profile's creation and now. */
    profileCreated: number;
    now: number;
  },
): Promise<number> {
  const count = Math.floor(random() * 5);
  for (let n = 0; n < count; n++) {
    // Mostly the primary doctor; sometimes a colleague conducts the exam.
    const conductor = random() < 0.75 ? patient.primaryProviderId : pick(random, patient.providerIds);
    const hasNotes = random() < 0.4;
    const enhanced =
      random() < 0.35 ? [...pick(random, murmurPicks), ...(random() < 0.5 ? pick(random, breathPicks) : [])] : [];
    const exam = await tx
      .insertInto('exams')
      .values({
        organization_id: patient.organizationId,
        patient_profile_id: patient.patientProfileId,
        healthcare_provider_id: conductor,
        type: pick(random, examTypes),
        notes: hasNotes ? pick(random, noteTexts) : null,
        enhanced_notes: enhanced,
        reviewed: random() < 0.5,
        date_created: new Date(patient.profileCreated + random() * (patient.now - patient.profileCreated)),
      })
      .returning(['id', 'date_created'])
      .executeTakeFirstOrThrow();
    const points = Math.max(1, Math.ceil(random() * 6));
    const primary = patient.focus === 'heart' ? 'h' : 'l';
    for (let p = 0; p < points; p++) {
      const type = random() < 0.8 ? primary : primary === 'h' ? 'l' : 'h';
      const label = `${type}${1 + Math.floor(random() * 5)}`;
      await tx
        .insertInto('auscultations')
        .values({
          exam_id: exam.id,
          organization_id: patient.organizationId,
          point_type: type === 'h' ? 'heart' : 'lungs',
          point_label: label,
          point_description: describePoint(label) ?? null,
          device_label: 'USB MIC (Auscura stethoscope)',
          date_created: new Date(new Date(exam.date_created).getTime() + p * 90_000),
        })
        .execute();
    }
  }
  return count;
}
