import { describe, expect, it } from 'vitest';
import { encodeWav, loadEngine, readMonoWav } from '../src/node.js';
import { fixturePath, rms, sine } from './helpers.js';

const engine = loadEngine();

describe('recording variants', () => {
  it('wavelet transform reconstructs the input exactly when nothing is thresholded', () => {
    const x = Float32Array.from({ length: 4001 }, (_, i) => Math.sin(i * 0.03) * 0.5 + Math.sin(i * 0.7) * 0.1);
    const y = engine.variants(x, 4000, 0).algo1;
    let err = 0;
    for (let i = 0; i < x.length; i++) err = Math.max(err, Math.abs(x[i]! - y[i]!));
    expect(err).toBeLessThan(1e-6);
  });

  it('algo1 removes white noise from a low-frequency signal (SNR improves by more than 6 dB)', () => {
    const a = sine(10, 4000, 4, 0.3);
    const b = sine(20, 4000, 4, 0.2);
    const clean = a.map((v, i) => v + b[i]!);
    let seed = 3;
    const noise = Float32Array.from(clean, () => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 0.2);
    const noisy = clean.map((v, i) => v + noise[i]!);
    const den = engine.variants(noisy, 4000).algo1;
    const errBefore = rms(noise);
    const errAfter = rms(den.map((v, i) => v - clean[i]!));
    expect(20 * Math.log10(errBefore / errAfter)).toBeGreaterThan(6);
  });

  it('algo2 removes the mean and peaks at 0.99', () => {
    const x = Float32Array.from({ length: 1000 }, (_, i) => 0.3 + 0.1 * Math.sin(i / 10));
    const y = engine.variants(x, 4000).algo2;
    const mean = y.reduce((a, b) => a + b, 0) / y.length;
    expect(Math.abs(mean)).toBeLessThan(1e-3);
    expect(Math.max(...Array.from(y, Math.abs))).toBeCloseTo(0.99, 5);
  });

  it('silence gates the quiet stretches between loud ones', () => {
    const rate = 4000;
    const x = new Float32Array(rate * 2);
    for (let i = 0; i < x.length; i++) x[i] = (i % rate < rate / 4 ? 0.5 : 0.002) * Math.sin(i * 0.2);
    const y = engine.variants(x, rate).silence;
    expect(rms(y.subarray(rate / 2, rate * 0.9))).toBe(0);
    expect(rms(y.subarray(0, rate / 5))).toBeGreaterThan(0.3);
  });

  it('sg keeps a slow tone and smooths fast noise, matching a direct convolution', () => {
    const rate = 4000;
    const x = Float32Array.from({ length: 400 }, (_, i) => Math.sin(i * 0.05) + (i % 2 ? 0.1 : -0.1));
    const y = engine.variants(x, rate).sg;
    // Direct cubic SG, m = 5 (11 taps at 4 kHz), interior samples, then the same normalisation.
    const m = 5;
    const den = (2 * m - 1) * (2 * m + 1) * (2 * m + 3);
    const ref = new Float64Array(x.length);
    for (let j = 0; j < x.length; j++) {
      let s = 0;
      for (let i = -m; i <= m; i++) {
        let k = Math.abs(j + i);
        if (k >= x.length) k = 2 * x.length - 2 - k;
        s += ((3 * (3 * m * m + 3 * m - 1) - 15 * i * i) / den) * x[k]!;
      }
      ref[j] = s;
    }
    const mean = ref.reduce((a, b) => a + b, 0) / ref.length;
    const peak = Math.max(...Array.from(ref, (v) => Math.abs(v - mean)));
    for (let j = 0; j < x.length; j++) expect(y[j]!).toBeCloseTo(((ref[j]! - mean) * 0.99) / peak, 4);
  });

  it('produces four full-length variants of a fixture', () => {
    const { samples, sampleRate } = readMonoWav(fixturePath('heart_normal_circor_49974_MV'));
    const v = engine.variants(samples, sampleRate);
    for (const y of Object.values(v)) {
      expect(y.length).toBe(samples.length);
      expect(y.every(Number.isFinite)).toBe(true);
    }
  });
  it('variantsPcm16 writes each variant as the PCM 16 WAV encodeWav makes of it, byte for byte', () => {
    const { samples, sampleRate } = readMonoWav(fixturePath('heart_normal_circor_49974_MV'));
    // Full scale and beyond, and exact halves of a 16-bit step, to exercise clipping and rounding.
    const x = Float32Array.from(samples, (v, i) => v * 3 + (i % 5 === 0 ? 0.5 / 32768 : 0));
    const floats = engine.variants(x, sampleRate);
    const files = engine.variantsPcm16(x, sampleRate);
    for (const name of ['algo1', 'algo2', 'silence', 'sg'] as const) {
      expect(Buffer.from(files[name]).equals(Buffer.from(encodeWav([floats[name]], sampleRate, 'pcm16')))).toBe(true);
    }
  });
});
