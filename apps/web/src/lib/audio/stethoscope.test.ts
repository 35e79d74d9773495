import { describe, expect, it } from 'vitest';
import { pickAudioInput } from './stethoscope.ts';

const fake = [
  { deviceId: 'default', label: 'Fake Default Audio Input' },
  { deviceId: 'one', label: 'Fake Audio Input 1' },
];

describe('pickAudioInput', () => {
  it('picks a stethoscope by its label, whatever was chosen before', () => {
    const inputs = [...fake, { deviceId: 'steth', label: 'PCP-USB Stethoscope (0c76:161f)' }];
    expect(pickAudioInput(inputs, 'one')).toEqual({ deviceId: 'steth', detected: true });
    expect(pickAudioInput([{ deviceId: 'u', label: 'Generic usb audio device' }], null).detected).toBe(true);
  });
  it('falls back to the remembered input, then the first, and says no stethoscope was found', () => {
    expect(pickAudioInput(fake, 'one')).toEqual({ deviceId: 'one', detected: false });
    expect(pickAudioInput(fake, 'gone')).toEqual({ deviceId: 'default', detected: false });
    expect(pickAudioInput([], null)).toEqual({ deviceId: null, detected: false });
  });
});

describe('stethoscopeLabelPattern', () => {
  it('is the device units’ label fragments, the list GET /ems/log serves', async () => {
    const { deviceUnits } = await import('@auscura/contracts');
    const { stethoscopeLabelPattern } = await import('./stethoscope.ts');
    for (const unit of deviceUnits) {
      expect(stethoscopeLabelPattern.test(`${unit.labelPattern.toLowerCase()} (0c76:161f)`)).toBe(true);
    }
    // exams-and-devices §9's examples; Chromium's fake inputs are none of them.
    for (const label of ['USB MIC', 'PCP-USB', 'USB audio', 'Thinklabs usb Audio CODEC']) {
      expect(stethoscopeLabelPattern.test(label)).toBe(true);
    }
    for (const label of ['Fake Default Audio Input', 'Built-in Microphone', 'USB camera']) {
      expect(stethoscopeLabelPattern.test(label)).toBe(false);
    }
  });
});
