import { stethoscopeLabelPattern } from '../media/devices.ts';

/** Labels of stethoscope and USB microphone inputs (exams-and-devices §9, compatibility test). */
export { stethoscopeLabelPattern };

/** localStorage key of the chosen input (exams-and-devices §3, local preferences). */
export const audioInputStorageKey = 'audioInputDeviceId';

export type AudioInput = { deviceId: string; label: string };

/**
 * Which input to use: a stethoscope when one is plugged in; otherwise the one chosen before, if it is
 * still there; otherwise the first. `detected` says whether a stethoscope was found.
 */
export function pickAudioInput(
  inputs: AudioInput[],
  saved: string | null,
): { deviceId: string | null; detected: boolean } {
  const stethoscope = inputs.find((input) => stethoscopeLabelPattern.test(input.label));
  if (stethoscope) return { deviceId: stethoscope.deviceId, detected: true };
  const remembered = inputs.find((input) => input.deviceId === saved);
  return { deviceId: remembered?.deviceId ?? inputs[0]?.deviceId ?? null, detected: false };
}
