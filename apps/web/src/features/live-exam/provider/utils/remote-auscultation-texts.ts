import type { AuscultationRequestError } from '@auscura/contracts';

/** exams-and-devices §8, the Auscultation Error dialog of the live exam. */
export const remoteAuscultationErrorTexts: Record<AuscultationRequestError, string> = {
  DeviceDisconnected:
    'The stethoscope was disconnected during the auscultation. The auscultation was cancelled. Instruct the patient to plug their stethoscope in and try again.',
  PatientDisconnected: 'The patient disconnected during the auscultation. The auscultation was cancelled.',
  AuscultationRecordingFailed: 'Auscultation recording failed. Please repeat the auscultation and try again.',
  Other: 'There was an error during the auscultation. The auscultation has been cancelled.',
};

/** §4 notices while the stethoscope is reviewed and recorded. */
export const patientMutedText = 'The patient has been muted during auscultation review.';
export const clinicianMutedText = 'You have been muted during the auscultation audio recording.';

/** §8 warnings about the patient's stethoscope. */
export const stethoscopeNotDetectedText = 'Stethoscope Not Detected';
export const stethoscopeDisconnectedText = 'Stethoscope Disconnected';

/** '0:42.25': the countdown in its 250 ms ticks. */
export function formatCountdown(ms: number): string {
  const quarters = Math.ceil(ms / 250);
  const seconds = quarters / 4;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${(seconds - minutes * 60).toFixed(2).padStart(5, '0')}`;
}
