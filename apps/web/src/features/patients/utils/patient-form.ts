import { birthdateRange, limits, personNamePattern } from '@auscura/contracts';
import type { ErrorName, PatientProfile, PatientProfileFields, Sex } from '@auscura/contracts';
import { z } from 'zod';
import { emailAddressRule } from '../../../lib/email-rule.ts';

/**
 * The New patient / Update patient form (exams-and-devices §5, messages word for word). The
 * birthdate is typed as mm/dd/yyyy and travels as YYYY-MM-DD (DESIGN.md).
 */

type NameLabel = 'First name' | 'Last name';
const name = (label: NameLabel) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(limits.nameMaxLength, `${label} must be fewer than ${limits.nameMaxLength} characters`)
    // An empty name gets only the 'required' message.
    .refine((value) => value === '' || personNamePattern.test(value), `${label} cannot contain special characters`);

/** The local calendar date as YYYY-MM-DD: "today" is where the clinician sits, not UTC. */
export function localIsoDate(date: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** 'mm/dd/yyyy' (one-digit month and day accepted) as YYYY-MM-DD, or null when it is no calendar date. */
export function parseUsDate(text: string): string | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Date rolls 02/30 over into March; a real date survives the round trip unchanged.
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** YYYY-MM-DD as mm/dd/yyyy for the text field ('' for none). */
export function toUsDate(iso: string | null): string {
  const match = iso ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso) : null;
  return match ? `${match[2]}/${match[3]}/${match[1]}` : '';
}

/**
 * Typing help for the mm/dd/yyyy field: keeps digits and slashes, adds the slash after the month
 * and the day while the user types forward (never while deleting, or a slash could not be erased),
 * and formats eight pasted digits.
 */
export function maskUsDate(next: string, previous: string): string {
  const cleaned = next.replace(/[^\d/]/g, '').slice(0, 10);
  if (/^\d{8}$/.test(cleaned)) return `${cleaned.slice(0, 2)}/${cleaned.slice(2, 4)}/${cleaned.slice(4)}`;
  if (cleaned.length > previous.length && /^(\d{2}|\d{1,2}\/\d{2})$/.test(cleaned)) return `${cleaned}/`;
  return cleaned;
}

const birthdateMessages = {
  required: 'Date of birth is required',
  past: 'Date of birth must be in the past',
  invalid: 'Date of birth must be a valid date',
} as const;

/** The rules of the birthdate picker: 01/01/1900 to today. */
export function birthdateError(text: string, today: string = localIsoDate()): string | null {
  if (text.trim() === '') return birthdateMessages.required;
  const iso = parseUsDate(text);
  if (!iso || iso < birthdateRange.min) return birthdateMessages.invalid;
  if (iso > today) return birthdateMessages.past;
  return null;
}

export const sexOptions: { value: Sex; label: string }[] = [
  { value: 'unknown', label: 'Unknown' },
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
];

export const patientFormSchema = z.object({
  firstName: name('First name'),
  lastName: name('Last name'),
  // The shared email rule (clinician-portal §5, 'Email address').
  emailAddress: emailAddressRule,
  // exams-and-devices §5: the options are unknown, male, female; a profile without one reads 'unknown'.
  sex: z.enum(['unknown', 'male', 'female']),
  birthdate: z.string().superRefine((value, context) => {
    const message = birthdateError(value);
    if (message) context.addIssue({ code: 'custom', message });
  }),
});
export type PatientFormInput = z.input<typeof patientFormSchema>;
export type PatientFormValues = z.output<typeof patientFormSchema>;

/** The form's values as the server takes them (the contract's patient profile fields). */
export function toPatientFields(values: PatientFormValues): PatientProfileFields {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    emailAddress: values.emailAddress,
    sex: values.sex,
    // The schema has checked it parses.
    birthdate: parseUsDate(values.birthdate) ?? '',
  };
}

/** The form's starting values: empty for a new patient, the profile's for an update. */
export function initialPatientForm(patient?: PatientProfile): PatientFormInput {
  return {
    firstName: patient?.firstName ?? '',
    lastName: patient?.lastName ?? '',
    emailAddress: patient?.emailAddress ?? '',
    sex: patient?.sex ?? 'unknown',
    birthdate: toUsDate(patient?.birthdate ?? null),
  };
}

/**
 * exams-and-devices §7.5: PATCH sends only the fields that differ from the original. An email
 * that differs only in case is a change (the address is stored as typed).
 */
export function changedPatientFields(
  original: PatientProfile,
  fields: PatientProfileFields,
): Partial<PatientProfileFields> {
  const changes: Partial<PatientProfileFields> = {};
  if (fields.firstName !== original.firstName) changes.firstName = fields.firstName;
  if (fields.lastName !== original.lastName) changes.lastName = fields.lastName;
  if (fields.emailAddress !== original.emailAddress) changes.emailAddress = fields.emailAddress;
  // A profile with no sex shows 'unknown': keeping it is no change.
  if (fields.sex !== undefined && fields.sex !== (original.sex ?? 'unknown')) changes.sex = fields.sex;
  if (fields.birthdate !== original.birthdate) changes.birthdate = fields.birthdate;
  return changes;
}

export const patientErrorTexts = {
  duplicate: (emailAddress: string) =>
    `A patient with the email address ${emailAddress} already exists. Email addresses must be unique.`,
  updateRefused: 'You are not allowed to update this patient. Please contact your administrator.',
  unexpected: 'An unexpected error occurred. Our team has been notified and is looking into it. Please try again.',
} as const;

/** exams-and-devices §8: the message for a failed create or update, by the catalogue error the server answered. */
export function patientErrorText(code: ErrorName | null, mode: 'create' | 'update', emailAddress: string): string {
  if (code === 'DUPLICATE_PATIENT_PROFILE') return patientErrorTexts.duplicate(emailAddress);
  if (code === 'UNAUTHORIZED' && mode === 'update') return patientErrorTexts.updateRefused;
  return patientErrorTexts.unexpected;
}
