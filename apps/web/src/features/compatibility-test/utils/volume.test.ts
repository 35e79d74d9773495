import { describe, expect, it } from 'vitest';
import { meanVolume, meterPercent, silentTestErrors, standardDeviation } from './volume.ts';

describe('the audio test’s volume', () => {
  it('scales against 200 (§9), capped at full', () => {
    expect(meterPercent(0)).toBe(0);
    expect(meterPercent(100)).toBe(50);
    expect(meterPercent(200)).toBe(100);
    expect(meterPercent(255)).toBe(100);
  });

  it('is the mean of the analyser’s bins', () => {
    expect(meanVolume(new Uint8Array([0, 100, 200]))).toBe(100);
  });

  it('says No audio detected. exactly when the values do not vary', () => {
    expect(standardDeviation([3, 3, 3])).toBe(0);
    expect(silentTestErrors([0, 0, 0])).toEqual(['No audio detected.']);
    expect(silentTestErrors([120, 120])).toEqual(['No audio detected.']);
    expect(silentTestErrors([])).toEqual(['No audio detected.']);
    expect(silentTestErrors([0, 0, 1])).toEqual([]);
  });
});
