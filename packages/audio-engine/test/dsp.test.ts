import { describe, expect, it } from 'vitest';
import { loadEngine } from '../src/node.js';
import { PRESETS, customPreset, validateCustomFilter } from '../src/presets.js';
import { displaySections, presetSections } from '../src/engine.js';
import { rms, sine } from './helpers.js';
import { BENCH_SECTIONS, tsCascade } from '../src/bench/dsp-bench.js';

const engine = loadEngine();

/** Steady-state gain of a cascade for a sine at `f` (skips the first half as transient). */
function gainAt(f: number, sr: number, sections: Parameters<typeof engine.filter>[2]): number {
  const x = sine(f, sr, 2, 0.25);
  const y = engine.filter(x, sr, sections);
  return rms(y.subarray(y.length / 2)) / rms(x.subarray(x.length / 2));
}

/** Direct-form-I double-precision cookbook lowpass, written independently for comparison. */
function refLowpass(x: Float32Array, f: number, qDb: number, sr: number): Float32Array {
  const w0 = (2 * Math.PI * f) / sr;
  const alpha = Math.sin(w0) / (2 * 10 ** (qDb / 20));
  const c = Math.cos(w0);
  const a0 = 1 + alpha;
  const b0 = (1 - c) / 2 / a0,
    b1 = (1 - c) / a0,
    b2 = b0,
    a1 = (-2 * c) / a0,
    a2 = (1 - alpha) / a0;
  let x1 = 0,
    x2 = 0,
    y1 = 0,
    y2 = 0;
  return x.map((v) => {
    const y = b0 * v + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
    x2 = x1;
    x1 = v;
    y2 = y1;
    y1 = y;
    return y;
  });
}

describe('biquad sections', () => {
  it('match an independent double-precision cookbook lowpass to f32 rounding', () => {
    const x = Float32Array.from({ length: 4000 }, (_, i) => Math.sin(i * 0.05) + 0.3 * Math.sin(i * 1.3));
    const y = engine.filter(x, 4000, [{ type: 'lowpass', frequency: 200, q: 1 }]);
    const r = refLowpass(x, 200, 1, 4000);
    for (let i = 0; i < x.length; i++) expect(Math.abs(y[i]! - r[i]!)).toBeLessThan(1e-6);
  });

  it('read Q in dB for lowpass/highpass: the gain at the cut-off equals 10^(Q/20)', () => {
    expect(gainAt(1000, 44100, [{ type: 'lowpass', frequency: 1000, q: 6 }])).toBeCloseTo(10 ** (6 / 20), 2);
    expect(gainAt(1000, 44100, [{ type: 'highpass', frequency: 1000, q: -3.0103 }])).toBeCloseTo(Math.SQRT1_2, 2);
  });

  it('read Q as linear for bandpass: unity gain at the centre, narrower for larger Q', () => {
    const heart = displaySections({ kind: 'heart' });
    expect(heart).toEqual([{ type: 'bandpass', frequency: 117.5, q: 4.31 }]);
    expect(gainAt(117.5, 4000, heart)).toBeCloseTo(1, 2);
    expect(gainAt(60, 4000, heart)).toBeLessThan(0.25);
  });

  it('build the wide, low and high presets as high-pass then low-pass; raw has no filter', () => {
    expect(presetSections(PRESETS.wide).map((s) => [s.type, s.frequency])).toEqual([
      ['highpass', 35],
      ['lowpass', 1200],
    ]);
    expect(presetSections(PRESETS.low).map((s) => s.frequency)).toEqual([35, 200]);
    expect(presetSections(PRESETS.high).map((s) => s.frequency)).toEqual([600, 1000]);
    expect(presetSections(PRESETS.raw)).toEqual([]);
    // The low band passes a 100 Hz tone and stops a 1 kHz one.
    expect(gainAt(100, 4000, presetSections(PRESETS.low))).toBeGreaterThan(0.9);
    expect(gainAt(1000, 4000, presetSections(PRESETS.low))).toBeLessThan(0.1);
  });

  it('cascade five low-pass sections for the waveform display', () => {
    const s = displaySections({ kind: 'lowpass', cutoffHz: 300 });
    expect(s).toHaveLength(5);
    expect(gainAt(1200, 4000, s)).toBeLessThan(1e-3);
  });

  it('accept custom bands in 0–20000 Hz with the low cut not above the high cut', () => {
    expect(customPreset({ lowCutHz: 50, highCutHz: 250 }).lowPassHz).toBe(250);
    expect(() => validateCustomFilter({ lowCutHz: 300, highCutHz: 200 })).toThrow(/above the high cut/);
    expect(() => validateCustomFilter({ lowCutHz: -1, highCutHz: 200 })).toThrow(/outside 0–20000/);
    expect(() => validateCustomFilter({ lowCutHz: 0, highCutHz: 20001 })).toThrow(/outside/);
    // 20 kHz at a 4 kHz rate clamps to Nyquist: the section passes everything.
    expect(gainAt(500, 4000, [{ type: 'lowpass', frequency: 20000, q: 1 }])).toBeCloseTo(1, 5);
  });
});

describe('benchmark baseline', () => {
  it('the plain TypeScript cascade computes the same bits as the WASM scalar cascade (same algorithm)', () => {
    const input = Float32Array.from({ length: 10000 }, (_, i) => Math.sin(i * 0.01) * 0.4 + Math.sin(i * 0.37) * 0.2);
    const want = engine.filter(input, 44100, [...BENCH_SECTIONS]);
    const x = engine.exports;
    const c = x.cascadeNew(4);
    for (const s of BENCH_SECTIONS) x.cascadeAdd(c, s.type === 'highpass' ? 1 : 0, s.frequency, s.q, 44100);
    const coeffs = new Float64Array(new Float64Array(x.memory.buffer, c + 8, 36).filter((_, i) => i % 9 < 5));
    x.cascadeFree(c);
    const got = input.slice();
    tsCascade(coeffs, got);
    expect(Array.from(got)).toEqual(Array.from(want));
  });
});

describe('v128 pipelined cascade', () => {
  it('matches the f64 scalar cascade to f32 precision, aligned (its 6-sample latency is absorbed)', () => {
    const x = engine.exports;
    const n = 4096;
    const input = Float32Array.from({ length: n }, (_, i) => Math.sin(i * 0.07) * 0.5 + Math.sin(i * 0.9) * 0.2);
    const sections = [
      { type: 'highpass', frequency: 200, q: 1 },
      { type: 'highpass', frequency: 200, q: 1 },
      { type: 'lowpass', frequency: 1200, q: 1 },
      { type: 'lowpass', frequency: 1200, q: 1 },
    ] as const;
    const want = engine.filter(input, 8000, [...sections]);
    const c = x.cascadeNew(4);
    for (const s of sections) x.cascadeAdd(c, { highpass: 1, lowpass: 0 }[s.type], s.frequency, s.q, 8000);
    const got = engine.withBuffer(input, (p) => {
      x.cascade4Simd(c, p, n);
      return engine.take(p, n);
    });
    x.cascadeFree(c);
    let err = 0;
    for (let i = 0; i < n; i++) err = Math.max(err, Math.abs(got[i]! - want[i]!));
    expect(err).toBeLessThan(1e-4);
    expect(rms(got)).toBeGreaterThan(0.1);
  });
});

describe('compressor', () => {
  it('delays by the 6 ms look-ahead and leaves quiet input below threshold nearly untouched', () => {
    const sr = 44100;
    const chain = engine.createChain(sr, { preset: 'wide', bypassCompressor: false });
    chain.setSections([]);
    // Chromium's detector starts at 0, so the node fades in over its first second; settle first.
    const pre = 2 * sr;
    const x = new Float32Array(pre + 4096);
    x[pre] = 0.001; // -60 dB impulse, far below the -30 dB threshold
    const y = new Float32Array(x.length);
    chain.process(x, y);
    const at = y.findIndex((v) => v !== 0);
    expect(at - pre).toBe(Math.floor(0.006 * sr));
    // Makeup gain is (1 / full-range gain)^0.6 > 1 for these settings.
    expect(y[at]! / 0.001).toBeGreaterThan(1.5);
    chain.destroy();
  });

  it('reduces a loud tone more than a quiet one (compression) and reports the reduction', () => {
    const sr = 4000;
    const out = (amp: number) => {
      const c = engine.createChain(sr, { preset: 'wide' });
      c.setSections([]);
      const x = sine(100, sr, 4, amp);
      const y = new Float32Array(x.length);
      c.process(x, y);
      const reduction = c.reduction;
      c.destroy();
      return { level: rms(y.subarray(3 * sr)), reduction };
    };
    const loud = out(0.9);
    const quiet = out(0.01);
    expect(loud.level / quiet.level).toBeLessThan(0.9 / 0.01 / 4);
    expect(loud.reduction).toBeLessThan(-10);
  });
});

describe('gain, levels and peaks', () => {
  it('clamps gain to 5× for files and 20× for live', () => {
    const x = new Float32Array(256).fill(0.01);
    const file = engine.createChain(4000, { preset: 'raw', gain: 50, bypassCompressor: true });
    const live = engine.createChain(4000, { preset: 'raw', gain: 50, maxGain: 20, bypassCompressor: true });
    const a = new Float32Array(256);
    const b = new Float32Array(256);
    file.process(x, a);
    live.process(x, b);
    expect(a[100]).toBeCloseTo(0.05, 6);
    expect(b[100]).toBeCloseTo(0.2, 6);
    file.destroy();
    live.destroy();
  });

  it('reports peak and RMS in dBFS', () => {
    const l = engine.levels(sine(1000, 48000, 1, 1));
    expect(l.peakDb).toBeCloseTo(0, 3);
    expect(l.rmsDb).toBeCloseTo(-3.01, 2);
    expect(engine.levels(new Float32Array(10)).rmsDb).toBe(-Infinity);
  });

  it('gives min and max per bucket covering every sample once', () => {
    const x = Float32Array.from([1, -2, 3, -4, 5, -6, 7]);
    expect(Array.from(engine.peaks(x, 3))).toEqual([-2, 1, -4, 3, -6, 7]);
    expect(Array.from(engine.peaks(x, 0))).toEqual([]);
  });
});

describe('resampling', () => {
  it('keeps an in-band tone and removes what would alias', () => {
    const up = engine.resample(sine(200, 4000, 1), 4000, 44100);
    expect(up.length).toBe(44100);
    expect(rms(up.subarray(1000, 43000))).toBeCloseTo(0.5 / Math.SQRT2, 2);
    const down = engine.resample(sine(3000, 44100, 1), 44100, 4000);
    expect(rms(down.subarray(100, 3900))).toBeLessThan(0.01);
  });
});
