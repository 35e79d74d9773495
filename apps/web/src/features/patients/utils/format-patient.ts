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
