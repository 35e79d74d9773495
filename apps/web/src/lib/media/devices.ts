import { deviceUnitLabelPattern } from '@auscura/contracts';

/**
 * The camera and microphone lists of the lobby's settings (exams-and-devices §2.3), the devices
 * remembered in the browser (§3 local preferences), and the stethoscope's label patterns (§9).
 */
/** Built from the device units (contracts' device-units.ts), the list `GET /ems/log` serves. */
export const stethoscopeLabelPattern = deviceUnitLabelPattern();

const deviceStorageKeys = {
  videoInputDeviceId: 'videoInputDeviceId',
  audioInputDeviceId: 'audioInputDeviceId',
} as const;
type DeviceChoice = keyof typeof deviceStorageKeys;

export type MediaDevice = { deviceId: string; label: string };
export type MediaDeviceLists = { videoInputs: MediaDevice[]; audioInputs: MediaDevice[]; stethoscopes: MediaDevice[] };

export function readDeviceChoice(key: DeviceChoice): string | null {
  try {
    return globalThis.localStorage?.getItem(deviceStorageKeys[key]) ?? null;
  } catch {
    return null;
  }
}

export function saveDeviceChoice(key: DeviceChoice, deviceId: string): void {
  try {
    globalThis.localStorage?.setItem(deviceStorageKeys[key], deviceId);
  } catch {
    // Storage refused (private mode): the choice lasts for this page only.
  }
}

/**
 * The inputs, labelled (labels are readable once a permission is granted). The audio source list
 * excludes the stethoscope; the 'Stethoscope' selector (select-alt-steth) lists every audio input.
 */
export async function listMediaDevices(): Promise<MediaDeviceLists> {
  const devices = await navigator.mediaDevices.enumerateDevices();
  const of = (kind: MediaDeviceKind, name: string) =>
    devices
      .filter((device) => device.kind === kind && device.deviceId !== '')
      .map((device, index) => ({ deviceId: device.deviceId, label: device.label || `${name} ${index + 1}` }));
  const audio = of('audioinput', 'Microphone');
  return {
    videoInputs: of('videoinput', 'Camera'),
    audioInputs: audio.filter((device) => !stethoscopeLabelPattern.test(device.label)),
    stethoscopes: audio,
  };
}

/**
 * §4 media device state: when the device in use disappears, another one of its kind takes over
 * (the remembered choice if present, else the first). Answers the replacement, or null if the
 * device is still there or none is left.
 */
export function replacementDevice(
  current: string | null,
  available: MediaDevice[],
  remembered: string | null,
): MediaDevice | null {
  if (current && available.some((device) => device.deviceId === current)) return null;
  return available.find((device) => device.deviceId === remembered) ?? available[0] ?? null;
}
