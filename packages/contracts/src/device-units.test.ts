import { describe, expect, it } from 'vitest';
import { deviceUnitLabelPattern, deviceUnitOf, deviceUnits } from './device-units.js';

describe('the device units', () => {
  it('make one case-insensitive label pattern of §9’s fragments', () => {
    const pattern = deviceUnitLabelPattern();
    expect(pattern.flags).toBe('i');
    for (const label of ['USB MIC', 'pcp-usb', 'Generic USB Audio Device']) expect(pattern.test(label)).toBe(true);
    expect(pattern.test('Fake Audio Input 1')).toBe(false);
  });

  it('escape what the fragments contain, so a dot means a dot', () => {
    const pattern = deviceUnitLabelPattern([{ ...deviceUnits[0]!, labelPattern: 'A.B' }]);
    expect(pattern.test('A.B mic')).toBe(true);
    expect(pattern.test('AxB mic')).toBe(false);
  });

  it('say which unit a label belongs to', () => {
    expect(deviceUnitOf('PCP-USB Stethoscope (0c76:161f)')?.id).toBe('pcp-usb');
    expect(deviceUnitOf('Built-in Microphone')).toBeUndefined();
  });

  it('have unique ids', () => {
    expect(new Set(deviceUnits.map((unit) => unit.id)).size).toBe(deviceUnits.length);
  });
});
