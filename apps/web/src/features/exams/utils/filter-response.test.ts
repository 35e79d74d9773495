import { describe, expect, it } from 'vitest';
import { logGrid } from '@auscura/audio-engine';
import { halfPowerPoints, responseSummary, responseX } from './filter-response.ts';

/** An ideal-ish band-pass: second-order high-pass at `low` times second-order low-pass at `high` (Butterworth magnitudes). */
function bandPass(low: number, high: number) {
  const frequencies = logGrid(20, 2000, 400);
  const db = Float32Array.from(frequencies, (f) => {
    const hp = 1 / Math.sqrt(1 + (low / f) ** 4);
    const lp = 1 / Math.sqrt(1 + (f / high) ** 4);
    return 20 * Math.log10(hp * lp);
  });
  return { frequencies, db };
}

describe('the filter response summary', () => {
  it('finds the −3 dB points of a band-pass at its cut-offs', () => {
    const { lowHz, highHz, peakDb } = halfPowerPoints(bandPass(50, 800));
    expect(lowHz).toBeCloseTo(50, -0.5);
    expect(highHz).toBeCloseTo(800, -1);
    expect(peakDb).toBeLessThan(0.01);
  });

  it('says when a side has no cut on the chart', () => {
    const r = bandPass(1, 800);
    expect(halfPowerPoints(r).lowHz).toBeNull();
    expect(responseSummary(r)).toMatch(/^no low cut above 20 Hz; −3 dB at (79\d|80\d) Hz \(peak -?0\.0 dB\)$/);
  });

  it('places frequencies on a log axis across the chart', () => {
    expect(responseX(20, 300)).toBeCloseTo(0);
    expect(responseX(200, 300)).toBeCloseTo(150);
    expect(responseX(2000, 300)).toBeCloseTo(300);
  });
});
