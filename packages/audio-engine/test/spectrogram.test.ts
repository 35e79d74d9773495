import { describe, expect, it } from 'vitest';
import { loadEngine } from '../src/node.js';
import { createWorkerApi } from '../src/worker-api.js';
import { defaultFftSize, rowCentreHz, rowOf, spectrogramRange, type Spectrogram } from '../src/spectrogram.js';
import { sine } from './helpers.js';

const engine = loadEngine();

/** Mean over columns of each row (dB averaged in power). */
function rowMeans(s: Spectrogram): number[] {
  return Array.from({ length: s.rows }, (_, r) => {
    let p = 0;
    for (let c = 0; c < s.cols; c++) p += 10 ** (s.db[c * s.rows + r]! / 10);
    return 10 * Math.log10(p / s.cols);
  });
}

function argmax(v: ArrayLike<number>): number {
  let best = 0;
  for (let i = 1; i < v.length; i++) if (v[i]! > v[best]!) best = i;
  return best;
}

/** Seeded white noise (xorshift32), uniform in [-amp, amp]. */
function noise(n: number, amp: number, seed = 1): Float32Array {
  const out = new Float32Array(n);
  let s = seed >>> 0 || 1;
  for (let i = 0; i < n; i++) {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    out[i] = (s / 0x100000000) * 2 * amp - amp;
  }
  return out;
}

describe('the spectrogram (STFT on a log-frequency axis)', () => {
  it('returns a picture-sized matrix for 60 s at 44.1 kHz, columns after columns', () => {
    const rate = 44_100;
    const s = engine.spectrogram(sine(440, rate, 60, 0.5), rate, { rows: 96, cols: 400 });
    expect([s.rows, s.cols, s.fftSize, s.db.length]).toEqual([96, 400, 4096, 96 * 400]);
    expect(s.durationSec).toBeCloseTo(60, 6);
    expect(defaultFftSize(4000)).toBe(512);
  });

  it.each([
    [60, 44_100],
    [150, 44_100],
    [440, 44_100],
    [1500, 44_100],
    [90, 4_000],
    [700, 4_000],
  ])('puts a sine of %i Hz sampled at %i Hz in its row, within one row, in every column', (hz, rate) => {
    const s = engine.spectrogram(sine(hz, rate, 3, 0.5), rate, { rows: 64, cols: 12 });
    const want = rowOf(s, hz);
    for (let c = 0; c < s.cols; c++) {
      const got = argmax(s.db.subarray(c * s.rows, (c + 1) * s.rows));
      expect(
        Math.abs(got - want),
        `column ${c}: row ${got} (${rowCentreHz(s, got).toFixed(0)} Hz)`,
      ).toBeLessThanOrEqual(1);
    }
  });

  it('reads a full-scale sine at 0 dB (within the Hann window’s 1.42 dB scalloping), half amplitude 6 dB down', () => {
    const rate = 44_100;
    // 430.66 Hz is bin 40 of 4096 exactly: no scalloping; 441 Hz lies between bins.
    for (const [hz, low] of [
      [(40 * rate) / 4096, -0.05],
      [441, -1.5],
    ] as const) {
      const full = engine.spectrogram(sine(hz, rate, 2, 1), rate, { rows: 64, cols: 8 });
      const half = engine.spectrogram(sine(hz, rate, 2, 0.5), rate, { rows: 64, cols: 8 });
      for (let c = 1; c < 7; c++) {
        const peak = Math.max(...full.db.subarray(c * 64, (c + 1) * 64));
        expect(peak).toBeGreaterThan(low);
        expect(peak).toBeLessThan(0.05);
        expect(peak - Math.max(...half.db.subarray(c * 64, (c + 1) * 64))).toBeCloseTo(6.02, 1);
      }
    }
  });

  it('draws white noise flat within 2 dB across the rows, at the level its power density predicts', () => {
    const rate = 44_100;
    const amp = 0.5;
    const s = engine.spectrogram(noise(rate * 20, amp), rate, { rows: 48, cols: 10 });
    const means = rowMeans(s);
    const mean = means.reduce((a, b) => a + b, 0) / means.length;
    for (const m of means) expect(Math.abs(m - mean)).toBeLessThan(2);
    // Uniform noise: variance amp²/3; one bin of a Hann-windowed frame holds σ²·Σw² of it, read
    // against (Σw/2)²: 4σ²·Σw²/(Σw)² = 4σ²·1.5/N.
    const predicted = 10 * Math.log10((((4 * (amp * amp)) / 3) * 1.5) / s.fftSize);
    expect(Math.abs(mean - predicted)).toBeLessThan(1);
  });

  it('reads silence as the floor and refuses sizes off its limits', () => {
    const s = engine.spectrogram(new Float32Array(8000), 4000, { rows: 16, cols: 4 });
    expect(Math.max(...s.db)).toBe(s.floorDb);
    expect(s.floorDb).toBe(-120);
    expect(() => engine.spectrogram(new Float32Array(100), 4000, { fftSize: 1000 })).toThrow(RangeError);
    expect(() => engine.spectrogram(new Float32Array(100), 4000, { rows: 0 })).toThrow(RangeError);
    expect(() => engine.spectrogram(new Float32Array(100), 4000, { lowHz: 2500 })).toThrow(RangeError);
  });

  it('spans 20 Hz–2 kHz at the heart and to 4 kHz or Nyquist at the lungs; the worker API gives the same matrix', async () => {
    expect(spectrogramRange('heart', 44_100)).toEqual({ lowHz: 20, highHz: 2000 });
    expect(spectrogramRange('lungs', 44_100)).toEqual({ lowHz: 20, highHz: 4000 });
    expect(spectrogramRange('lungs', 4000)).toEqual({ lowHz: 20, highHz: 2000 });
    const api = createWorkerApi(async () => engine);
    const x = sine(200, 8000, 1, 0.3);
    const viaWorker = await api.spectrogram(x, 8000, { rows: 32, cols: 5 });
    expect(viaWorker.db).toEqual(engine.spectrogram(x, 8000, { rows: 32, cols: 5 }).db);
  });

  it('in the worker, draws what the chosen preset plays: Low takes the energy above 300 Hz down by more than 10 dB', async () => {
    const rate = 8000;
    const x = new Float32Array(rate * 2);
    const a = sine(100, rate, 2, 0.2);
    const b = sine(800, rate, 2, 0.2);
    for (let i = 0; i < x.length; i++) x[i] = a[i]! + b[i]!;
    const api = createWorkerApi(async () => engine);
    const options = { rows: 48, cols: 4, lowHz: 20, highHz: 2000 };
    const wide = await api.spectrogram(x, rate, options, { preset: 'wide' });
    const low = await api.spectrogram(x, rate, options, { preset: 'low' });
    expect(low.db).toEqual(engine.spectrogram(engine.processPreset(x, rate, { preset: 'low' }), rate, options).db);
    const peakAbove = (s: Spectrogram, hz: number) => {
      let m = -Infinity;
      for (let c = 1; c < s.cols - 1; c++)
        for (let r = Math.max(0, rowOf(s, hz)); r < s.rows; r++) m = Math.max(m, s.db[c * s.rows + r]!);
      return m;
    };
    expect(peakAbove(wide, 300) - peakAbove(low, 300)).toBeGreaterThan(10);
  });
});
