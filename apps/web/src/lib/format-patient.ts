import type { PatientProfile } from '@auscura/contracts';

type NamedPatient = Pick<PatientProfile, 'fullName' | 'firstName' | 'lastName'>;

/**
 * The patient's name: the full name as the server gives it, else built from the parts; masked
 * profiles have neither and read `fallback`.
 */
export function patientName(patient: NamedPatient, fallback = 'Name hidden'): string {
  if (patient.fullName) return patient.fullName;
  const parts = [patient.firstName, patient.lastName].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : fallback;
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
 * The whole months from a YYYY-MM-DD birthdate to `today`, counted on the calendar (not in 30-day
 * steps): a month counts once its day has come. Negative for a future date, null for no date.
 */
function completedMonths(birthdate: string, today: Date): number | null {
  const [year, month, day] = birthdate.split('-').map(Number);
  if (!year || !month || !day) return null;
  const months = (today.getFullYear() - year) * 12 + (today.getMonth() + 1 - month);
  return today.getDate() < day ? months - 1 : months;
}

/** clinician-portal §5: '1 month old', 'N months old' up to 24 months, then 'N years old'. */
export function ageText(birthdate: string, today: Date = new Date()): string {
  const completed = completedMonths(birthdate, today);
  if (completed === null) return 'unknown';
  const months = Math.max(0, completed);
  if (months <= 24) return months === 1 ? '1 month old' : `${months} months old`;
  return `${Math.floor(months / 12)} years old`;
}

/**
 * The age line of the In-Person Exam dialog (exams-and-devices §2.9 shows the date of birth as an
 * age), in the shared age text of clinician-portal §5: '9 months old', not 'Age 0'.
 */
export function ageLine(birthdate: string | null, today: Date = new Date()): string {
  const text = birthdate ? ageText(birthdate, today) : 'unknown';
  return text === 'unknown' ? 'Age unknown' : text;
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
