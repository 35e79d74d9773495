import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import type { Browser } from '@playwright/test';
import { fakeMediaLaunchOptions } from '../fake-media';

/**
 * A 2-second 48 kHz 16-bit WAV of three tones (150, 440 and 1200 Hz) and a little noise, for
 * Chromium's fake microphone. Its default fake input only beeps, and stops beeping while the fake
 * camera drives its beeps, so meters read silence at random; a file plays steadily (NOTES.md).
 */
function writeToneWav(): string {
  const rate = 48_000;
  const samples = rate * 2;
  const data = Buffer.alloc(44 + samples * 2);
  data.write('RIFF', 0);
  data.writeUInt32LE(36 + samples * 2, 4);
  data.write('WAVEfmt ', 8);
  data.writeUInt32LE(16, 16);
  data.writeUInt16LE(1, 20);
  data.writeUInt16LE(1, 22);
  data.writeUInt32LE(rate, 24);
  data.writeUInt32LE(rate * 2, 28);
  data.writeUInt16LE(2, 32);
  data.writeUInt16LE(16, 34);
  data.write('data', 36);
  data.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) {
    const t = i / rate;
    const value =
      0.25 * Math.sin(2 * Math.PI * 150 * t) +
      0.2 * Math.sin(2 * Math.PI * 440 * t) +
      0.1 * Math.sin(2 * Math.PI * 1200 * t) +
      0.02 * (Math.random() * 2 - 1);
    data.writeInt16LE(Math.round(value * 32767), 44 + i * 2);
  }
  const file = path.join(os.tmpdir(), `auscura-compat-tones-${process.pid}.wav`);
  writeFileSync(file, data);
  return file;
}

/** Chromium with a fake camera, the tone file as its microphone, and permissions granted without a prompt. */
export function launchWithToneMicrophone(): Promise<Browser> {
  return chromium.launch(fakeMediaLaunchOptions(writeToneWav()));
}
