import { describe, expect, it } from 'vitest';
import {
  customFilterHz,
  customFilterIndex,
  customFilterValues,
  volumeMarks,
  volumeToGain,
  volumeValueText,
} from './player-controls.ts';
import { amplitudePercentile } from './waveform-draw.ts';

describe('volume slider', () => {
  it('maps 0–100 to 0–5× gain and labels 0, 1x … 5x', () => {
    expect(volumeToGain(0)).toBe(0);
    expect(volumeToGain(20)).toBe(1);
    expect(volumeToGain(100)).toBe(5);
    expect(volumeToGain(150)).toBe(5);
    expect(volumeMarks.map((mark) => mark.label)).toEqual(['0', '1x', '2x', '3x', '4x', '5x']);
    expect(volumeValueText(50)).toBe('2.5x');
  });
});

describe('custom filter slider', () => {
  it('steps by 5 Hz up to 250 and by 50 Hz above, from 0 to 2000', () => {
    expect(customFilterValues[0]).toBe(0);
    expect(customFilterValues.at(-1)).toBe(2000);
    const steps = customFilterValues
      .slice(1)
      .map((value, i) => [customFilterValues[i]!, value - customFilterValues[i]!]);
    for (const [from, step] of steps) expect(step).toBe(from! < 250 ? 5 : 50);
    expect(customFilterHz(50)).toBe(250);
    expect(customFilterHz(51)).toBe(300);
  });
  it('maps a frequency back to its slider position', () => {
    expect(customFilterHz(customFilterIndex(35))).toBe(35);
    expect(customFilterHz(customFilterIndex(1200))).toBe(1200);
    expect(customFilterHz(customFilterIndex(1210))).toBe(1200);
  });
});

describe('waveform scale', () => {
  it('is set by the 99th percentile of bucket amplitudes, so one spike does not flatten the rest', () => {
    const peaks = new Float32Array(200);
    for (let b = 0; b < 100; b++) {
      peaks[2 * b] = -0.1;
      peaks[2 * b + 1] = 0.1;
    }
    peaks[1] = 5;
    expect(amplitudePercentile(peaks, 0.99)).toBeCloseTo(0.1);
    expect(amplitudePercentile(peaks, 1)).toBe(5);
  });
});
