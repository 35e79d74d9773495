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
