import type { PatientProfile } from '@auscura/contracts';

/** Full name as the server gives it, else built from the parts; masked profiles have neither. */
export function patientName(patient: PatientProfile): string {
  if (patient.fullName) return patient.fullName;
  const parts = [patient.firstName, patient.lastName].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : 'Name hidden';
}

/**
 * A YYYY-MM-DD birthdate as MM/DD/YYYY (the service is for US users). The string is split, not
 * parsed into a Date: a Date would be midnight UTC and show the previous day west of Greenwich.
 * clinician-portal §5: a missing birthdate reads 'unknown'.
 */
export function formatBirthdate(birthdate: string | null): string {
  if (!birthdate) return 'unknown';
  const [year, month, day] = birthdate.split('-');
  return year && month && day ? `${month}/${day}/${year}` : 'unknown';
}

/**
 * clinician-portal §5: '1 month old', 'N months old' up to 24 months, then 'N years old'.
 * Whole months and years completed by `today`, counted on the calendar (not in 30-day steps).
 */
export function ageText(birthdate: string, today: Date = new Date()): string {
  const [year, month, day] = birthdate.split('-').map(Number);
  if (!year || !month || !day) return 'unknown';
  let months = (today.getFullYear() - year) * 12 + (today.getMonth() + 1 - month);
  if (today.getDate() < day) months -= 1;
  months = Math.max(0, months);
  if (months <= 24) return months === 1 ? '1 month old' : `${months} months old`;
  const years = Math.floor(months / 12);
  return `${years} years old`;
}

/** The date of birth with the age after it, or 'unknown' (clinician-portal §2.9, §5). */
export function birthdateWithAge(birthdate: string | null, today: Date = new Date()): string {
  const formatted = formatBirthdate(birthdate);
  if (!birthdate || formatted === 'unknown') return 'unknown';
  return `${formatted} (${ageText(birthdate, today)})`;
}

const sexLabels = { male: 'Male', female: 'Female' } as const;

/** clinician-portal §2.9: Male or Female; anything else, missing included, reads 'Unknown'. */
export function sexLabel(sex: PatientProfile['sex']): string {
  return sex === 'male' || sex === 'female' ? sexLabels[sex] : 'Unknown';
}
