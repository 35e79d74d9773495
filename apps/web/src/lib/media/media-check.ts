/**
 * The media checks shared by the video room (exams-and-devices §4 "Compatibility check before a
 * room") and the standalone compatibility test (§2.10): the platform, the permissions, and whether
 * the tracks start. The failure reasons and their texts are §8's.
 */
export type MediaFailure = 'platformUnsupported' | 'systemDenied' | 'userDenied' | 'trackError' | 'unknownError';

/** §8 compatibility dialogs: the title of each failure (their full instructions are not in the spec). */
export const mediaFailureTexts: Record<MediaFailure, string> = {
  platformUnsupported: 'A virtual exam requires Google Chrome or Microsoft Edge on a desktop computer.',
  systemDenied: "Can't access your microphone or camera",
  userDenied: 'Permission denied',
  trackError: "Can't start your camera or microphone",
  unknownError: 'Error acquiring media',
};

type UserAgentData = { mobile?: boolean; brands?: { brand: string }[] };

/**
 * §1 and §9: rooms need desktop Chrome, Chromium, Electron or Edge. Chromium-based browsers report
 * their brands in User-Agent Client Hints; the user-agent string is the fallback (Electron says so
 * there). Firefox, Safari and every mobile browser are refused.
 */
export function isSupportedPlatform(
  userAgent = globalThis.navigator?.userAgent ?? '',
  userAgentData = (globalThis.navigator as Navigator & { userAgentData?: UserAgentData })?.userAgentData,
): boolean {
  if (userAgentData?.mobile || /Android|iPhone|iPad|iPod|Mobile/i.test(userAgent)) return false;
  if (/Firefox|FxiOS|OPR\/|SamsungBrowser/i.test(userAgent)) return false;
  const brands = userAgentData?.brands?.map((entry) => entry.brand) ?? [];
  if (brands.some((brand) => /^(Google Chrome|Chromium|Microsoft Edge)$/.test(brand))) return true;
  return /Electron\/|Edg\/|Chrome\/|Chromium\//.test(userAgent);
}

/**
 * What a getUserMedia failure means (Chromium's errors): the operating system refusing the browser
 * ("Permission denied by system"), the user refusing, a device that cannot start (in use by another
 * application: NotReadableError, formerly TrackStartError), or anything else.
 */
export function classifyMediaError(error: unknown): MediaFailure {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  const message = error instanceof Error || error instanceof DOMException ? error.message : '';
  if (name === 'NotAllowedError' || name === 'PermissionDeniedError' || name === 'SecurityError') {
    return /system/i.test(message) ? 'systemDenied' : 'userDenied';
  }
  if (name === 'NotReadableError' || name === 'TrackStartError' || name === 'AbortError') return 'trackError';
  return 'unknownError';
}

/** The 625 × 500 video track of §9, and the chosen devices when there are. */
export function cameraConstraints(deviceId: string | null): MediaTrackConstraints {
  return { height: { ideal: 625 }, width: { ideal: 500 }, ...(deviceId ? { deviceId: { exact: deviceId } } : {}) };
}

export function microphoneConstraints(deviceId: string | null): MediaTrackConstraints {
  return deviceId ? { deviceId: { exact: deviceId } } : {};
}

type MediaCheckResult = { status: 'passed'; stream: MediaStream } | { status: 'failed'; reason: MediaFailure };

/**
 * §4: the platform, then the camera and microphone (which asks for permission), then whether the
 * tracks started ('live'). A device chosen before that is gone is replaced by the default.
 */
export async function runMediaCheck(devices: {
  videoInputDeviceId: string | null;
  audioInputDeviceId: string | null;
}): Promise<MediaCheckResult> {
  if (!isSupportedPlatform() || !globalThis.navigator?.mediaDevices?.getUserMedia) {
    return { status: 'failed', reason: 'platformUnsupported' };
  }
  const ask = (video: string | null, audio: string | null) =>
    navigator.mediaDevices.getUserMedia({ video: cameraConstraints(video), audio: microphoneConstraints(audio) });
  let stream: MediaStream;
  try {
    stream = await ask(devices.videoInputDeviceId, devices.audioInputDeviceId).catch((error: unknown) => {
      // A remembered device unplugged since: the default devices instead.
      if (error instanceof DOMException && error.name === 'OverconstrainedError') return ask(null, null);
      throw error;
    });
  } catch (error) {
    return { status: 'failed', reason: classifyMediaError(error) };
  }
  if (stream.getTracks().some((track) => track.readyState !== 'live')) {
    for (const track of stream.getTracks()) track.stop();
    return { status: 'failed', reason: 'trackError' };
  }
  return { status: 'passed', stream };
}
