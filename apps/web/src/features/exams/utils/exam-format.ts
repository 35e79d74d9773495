import { examTypeLabels, maskedPatientName } from '@auscura/contracts';
import type { Exam } from '@auscura/contracts';
import { patientName } from '../../../lib/format-patient.ts';

export { maskedPatientName };

/** The patient's full name, or the mask when the server withheld the patient. */
export function examPatientName(exam: Exam): string {
  if (exam.patientMasked || !exam.patientProfile) return maskedPatientName;
  return patientName(exam.patientProfile, maskedPatientName);
}

/** The patient's id when the caller may follow a link to them; null for masked patients. */
export function examPatientLinkId(exam: Exam): string | null {
  return exam.patientMasked ? null : exam.patientProfileId;
}

export function examStatusLabel(exam: Pick<Exam, 'reviewed'>): 'Reviewed' | 'Unreviewed' {
  return exam.reviewed ? 'Reviewed' : 'Unreviewed';
}

export function examTypeLabel(exam: Pick<Exam, 'type'>): string {
  return examTypeLabels[exam.type];
}
