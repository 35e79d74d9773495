import { CAPTURE_LIMITS } from '@auscura/audio-engine';
import type { CaptureCheck, CaptureReason, LiveCaptureState } from '@auscura/audio-engine';

/** Who reads the words: the clinician gets the measure, the patient plain words. */
export type CaptureAudience = 'clinician' | 'patient';

/** The live indication while the stethoscope is on (empty while the level is fine). */
export function liveCaptureText(state: LiveCaptureState, audience: CaptureAudience): string {
  if (state === 'ok') return '';
  if (audience === 'patient') {
    return state === 'no-sound'
      ? 'No sound. Check that the stethoscope touches your bare skin.'
      : 'Too loud. Press the stethoscope more gently and keep still.';
  }
  return state === 'no-sound'
    ? 'No sound — check the stethoscope is on the skin'
    : 'Too loud — the input is clipping. Lower the input volume or press more lightly.';
}

/** Why a finished recording should be made again. */
export function flaggedCaptureText(check: CaptureCheck, audience: CaptureAudience): string {
  const reason: CaptureReason | null = check.ok ? null : check.reason;
  if (!reason) return '';
  if (audience === 'patient') {
    if (reason === 'silent')
      return "We couldn't hear anything. Check the stethoscope touches your skin and record again.";
    if (reason === 'clipped')
      return 'The sound was too loud to use. Press the stethoscope more gently, keep still and record again.';
    return `The recording was too short. Record again for at least ${CAPTURE_LIMITS.minSeconds} seconds.`;
  }
  if (reason === 'silent') {
    const peak = Number.isFinite(check.peakDbfs) ? `peak ${check.peakDbfs.toFixed(0)} dBFS` : 'digital silence';
    return `No sound was recorded (${peak}). Check the stethoscope is on the skin and record again.`;
  }
  if (reason === 'clipped') {
    const share = (check.clippedShare * 100).toFixed(1);
    return `The recording is clipped: ${share} % of it is at full scale, which can sound like a murmur. Lower the input volume and record again.`;
  }
  return `The recording is shorter than ${CAPTURE_LIMITS.minSeconds} s: too short for a heart rate or a murmur verdict. Record again.`;
}
