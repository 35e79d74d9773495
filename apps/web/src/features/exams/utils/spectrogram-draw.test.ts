import { describe, expect, it } from 'vitest';
import { rowCentreHz, rowOf } from '@auscura/audio-engine';
import type { Spectrogram } from '@auscura/audio-engine';
import {
  dbColor,
  dbRange,
  energyBelowHz,
  levelAboveHz,
  frequencyTicks,
  hzAtY,
  percentileDb,
  rowAtY,
  spectrogramPixels,
  spectrogramSummary,
  yOfHz,
} from './spectrogram-draw.ts';
import { timeAt, xAt } from './waveform-draw.ts';

const axis = { lowHz: 20, highHz: 2000, rows: 100 };

/** A spectrogram with one loud row (the rest at −100 dB) and `cols` columns over `durationSec`. */
function withLoudRow(loudRow: number, cols = 4): Spectrogram {
  const db = new Float32Array(cols * axis.rows).fill(-100);
  for (let c = 0; c < cols; c++) db[c * axis.rows + loudRow] = -10;
  return { ...axis, sampleRate: 8000, durationSec: 12, cols, fftSize: 1024, floorDb: -120, db };
}

describe('the spectrogram axes', () => {
  it('puts the lowest frequency at the bottom edge, the highest at the top and 200 Hz half way up a 20 Hz–2 kHz axis', () => {
    expect(yOfHz(20, 20, 2000, 160)).toBeCloseTo(160);
    expect(yOfHz(2000, 20, 2000, 160)).toBeCloseTo(0);
    expect(yOfHz(200, 20, 2000, 160)).toBeCloseTo(80);
  });

  it('maps a pixel back to its frequency', () => {
    for (const hz of [25, 117.5, 600, 1900]) expect(hzAtY(yOfHz(hz, 20, 4000, 300), 20, 4000, 300)).toBeCloseTo(hz, 6);
  });

  it('draws at each frequency the row the engine computed it in', () => {
    const height = 400;
    for (const hz of [21, 50, 117.5, 300, 999, 1990]) {
      expect(rowAtY(yOfHz(hz, axis.lowHz, axis.highHz, height), axis.rows, height)).toBe(rowOf(axis, hz));
    }
    // And each row's centre is drawn inside that row.
    for (const r of [0, 37, 99]) {
      expect(rowAtY(yOfHz(rowCentreHz(axis, r), axis.lowHz, axis.highHz, height), axis.rows, height)).toBe(r);
    }
  });

  it('labels round frequencies within the axis only', () => {
    expect(frequencyTicks(20, 2000)).toEqual([20, 50, 100, 200, 500, 1000, 2000]);
    expect(frequencyTicks(20, 4000)).toContain(4000);
  });

  it('shares the time axis with the waveform: x and time are inverses', () => {
    expect(xAt(3, 600, 12)).toBe(150);
    expect(timeAt(xAt(7.25, 913, 12), 913, 12)).toBeCloseTo(7.25);
    expect(xAt(3, 600, 0)).toBe(0);
  });
});

describe('the spectrogram picture', () => {
  it('puts the highest row in the top line of pixels', () => {
    const s = withLoudRow(axis.rows - 1, 2);
    const pixels = spectrogramPixels(s, { minDb: -70, maxDb: -10 });
    const bright = dbColor(-10, -70, -10);
    expect(Array.from(pixels.slice(0, 3))).toEqual(bright.map((v) => Math.round(v)));
    const dark = dbColor(-100, -70, -10);
    expect(Array.from(pixels.slice(-4, -1))).toEqual(dark.map((v) => Math.round(v)));
  });

  it('colours louder cells brighter', () => {
    const sum = (c: number[]) => c.reduce((a, b) => a + b, 0);
    expect(sum(dbColor(-20, -80, -20))).toBeGreaterThan(sum(dbColor(-50, -80, -20)));
    expect(sum(dbColor(-50, -80, -20))).toBeGreaterThan(sum(dbColor(-80, -80, -20)));
  });

  it('spans 80 dB down from the loudest cells', () => {
    expect(dbRange(withLoudRow(10))).toEqual({ minDb: -90, maxDb: -10 });
  });

  it('reads the loud end of the scale within 0.1 dB of a sorted percentile', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const db = Float32Array.from({ length: 20_000 }, () => -120 + random() * 100);
    const sorted = Float32Array.from(db).sort();
    const want = sorted[Math.floor(0.995 * (db.length - 1))]!;
    const got = percentileDb({ db, floorDb: -120 }, 0.995);
    expect(got).toBeGreaterThanOrEqual(want);
    expect(got - want).toBeLessThanOrEqual(0.1 + 1e-6);
  });

  it('says below which frequency the energy lies', () => {
    const s = withLoudRow(rowOf(axis, 150));
    expect(energyBelowHz(s)).toBeCloseTo(rowCentreHz(axis, rowOf(axis, 150)));
    expect(spectrogramSummary(s)).toMatch(
      /^Spectrogram, 20 Hz to 2 kHz, 12\.0 s in \d+ frames of [\d.]+ ms; 90 % of the energy below 1[45]\d Hz; mean level above 300 Hz -?\d+ dB$/,
    );
  });

  it('gives the mean level above a frequency, and how much a cut there takes away', () => {
    const loudLow = withLoudRow(rowOf(axis, 150));
    const loudHigh = withLoudRow(rowOf(axis, 1000));
    expect(levelAboveHz(loudHigh, 300) - levelAboveHz(loudLow, 300)).toBeGreaterThan(20);
  });
});
