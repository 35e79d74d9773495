import path from 'node:path';
import { chromiumArgs } from '../playwright.config';

/** The CirCor heart recording (4 kHz, HR ≈ 86 bpm) that the specs play into Chromium's fake microphone. */
export const heartFixture = path.resolve(
  import.meta.dirname,
  '../../../benchmarks/fixtures/audio/heart_normal_circor_50017_MV.wav',
);

/**
 * Debian Chromium with a fake camera and microphone, granted without a prompt; `audioFile` (a WAV)
 * plays into every fake microphone, looping, instead of Chromium's beeps.
 */
export function fakeMediaLaunchOptions(audioFile?: string) {
  return {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      ...chromiumArgs,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
      ...(audioFile ? [`--use-file-for-fake-audio-capture=${audioFile}`] : []),
    ],
  };
}
