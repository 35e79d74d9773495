import { ApiError } from '../../../../lib/api-client.ts';

/** The patient portal's words: plain, for a patient at home (the spec leaves them to us). */
export const patientTexts = {
  codeWrong: 'This code does not open an exam. Check the code in your email and try again.',
  tooManyTries: 'Too many tries. Please wait a few minutes, then try again.',
  unexpected: 'Something went wrong on our side. Please try again.',
  codeRequired: 'Enter the access code from your email.',
  nameRequired: 'Enter your name.',
  nameTooLong: 'Your name must be fewer than 100 characters.',
} as const;

/** What to tell the patient about a failed code or name step. */
export function explainPatientError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return patientTexts.tooManyTries;
    if (error.status === 401 || error.status === 400 || error.status === 404) return patientTexts.codeWrong;
  }
  return patientTexts.unexpected;
}
