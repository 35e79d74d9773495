import { describe, expect, it } from 'vitest';
import { loadEngine } from '../src/node.js';
import { createWorkerApi } from '../src/worker-api.js';
import { logGrid, type ChainOptions } from '../src/engine.js';

const engine = loadEngine();

/** Seeded Gaussian white noise (xorshift32 + Box–Muller). */
function gaussianNoise(n: number, sigma: number, seed = 7): Float32Array {
  let s = seed >>> 0 || 1;
  const u = () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return (s + 1) / 0x100000001;
  };
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = sigma * Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u());
  return out;
}

/**
 * The response measured from input and output alone, with code that shares nothing with the engine:
 * Welch's H1 estimator |Σ Y·X*| / Σ |X|² over Hann-windowed frames (50 % overlap), each frequency
 * by a direct DFT sum, in dB.
 */
function measuredResponseDb(
  x: Float32Array,
  y: Float32Array,
  rate: number,
  freqs: Float64Array,
  frame: number,
): number[] {
  const w = Float64Array.from({ length: frame }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * (i + 0.5)) / frame));
  return Array.from(freqs, (f) => {
    const c = Float64Array.from({ length: frame }, (_, i) => Math.cos((2 * Math.PI * f * i) / rate));
    const s = Float64Array.from({ length: frame }, (_, i) => -Math.sin((2 * Math.PI * f * i) / rate));
    let cr = 0;
    let ci = 0;
    let pxx = 0;
    for (let start = 0; start + frame <= x.length; start += frame / 2) {
      let xr = 0,
        xi = 0,
        yr = 0,
        yi = 0;
      for (let i = 0; i < frame; i++) {
        const a = x[start + i]! * w[i]!;
        const b = y[start + i]! * w[i]!;
        xr += a * c[i]!;
        xi += a * s[i]!;
        yr += b * c[i]!;
        yi += b * s[i]!;
      }
      // Y·conj(X)
      cr += yr * xr + yi * xi;
      ci += yi * xr - yr * xi;
      pxx += xr * xr + xi * xi;
    }
    return 20 * Math.log10(Math.hypot(cr, ci) / pxx);
  });
}

/** Renders `x` through the playing chain (the worklet's PlaybackChain), 128 frames per call as in a worklet. */
function play(x: Float32Array, rate: number, options: ChainOptions): Float32Array {
  const chain = engine.createChain(rate, options);
  try {
    const out = new Float32Array(x.length);
    const block = new Float32Array(128);
    for (let off = 0; off + 128 <= x.length; off += 128) {
      block.set(x.subarray(off, off + 128));
      chain.process(block);
      out.set(block, off);
    }
    return out;
  } finally {
    chain.destroy();
  }
}

describe('the filter’s own magnitude response', () => {
  const grid = logGrid(30, 1000, 24);

  it.each([
    ['the custom filter 60–500 Hz at 44.1 kHz', 44_100, { custom: { lowCutHz: 60, highCutHz: 500 } }, 8192],
    ['the custom filter 100–300 Hz at 4 kHz', 4_000, { custom: { lowCutHz: 100, highCutHz: 300 } }, 1024],
    ['the low preset at 44.1 kHz', 44_100, { preset: 'low' }, 8192],
  ] as const)(
    'matches %s measured with white noise through the playing chain within 1 dB, 30 Hz–1 kHz',
    (_name, rate, options: ChainOptions, frame) => {
      const drawn = engine.filterResponse(rate, options, grid).db;
      const x = gaussianNoise(rate * 20, 0.05);
      // The compressor is level-dependent, not a filter: the chain plays the band with it bypassed
      // here, exactly as the waveform display and the analysis run it.
      const measured = measuredResponseDb(x, play(x, rate, { ...options, bypassCompressor: true }), rate, grid, frame);
      const worst = Math.max(...measured.map((m, i) => Math.abs(m - drawn[i]!)));
      expect(
        worst,
        `drawn ${Array.from(drawn, (d) => d.toFixed(1))}\nmeasured ${measured.map((d) => d.toFixed(1))}`,
      ).toBeLessThan(1);
      // The band is really there: pass-band near 0 dB, the edges far down.
      expect(Math.max(...drawn)).toBeGreaterThan(-1);
      expect(Math.min(...drawn)).toBeLessThan(-10);
    },
  );

  it('matches the chain with its compressor on too, below the threshold: the drawn shape plus a constant makeup gain', () => {
    const rate = 44_100;
    const options: ChainOptions = { custom: { lowCutHz: 60, highCutHz: 500 } };
    const drawn = engine.filterResponse(rate, options, grid).db;
    // −50 dBFS noise stays under the wide compressor's −30 dB threshold, where it only applies its
    // level-independent makeup gain (and a 6 ms look-ahead delay, which H1 barely sees).
    const x = gaussianNoise(rate * 20, 0.003, 11);
    const measured = measuredResponseDb(x, play(x, rate, options), rate, grid, 8192);
    const offsets = measured.map((m, i) => m - drawn[i]!);
    const mean = offsets.reduce((a, b) => a + b, 0) / offsets.length;
    expect(mean).toBeGreaterThan(0.5);
    expect(
      Math.max(...offsets.map((o) => Math.abs(o - mean))),
      offsets.map((o) => o.toFixed(2)).join(' '),
    ).toBeLessThan(1);
  });

  it('draws 200 points over 20 Hz–2 kHz by default, redraws for new cut-offs, and answers the same through the worker', async () => {
    const a = engine.filterResponse(44_100, { custom: { lowCutHz: 50, highCutHz: 400 } });
    expect(a.frequencies.length).toBe(200);
    expect(a.frequencies[0]).toBeCloseTo(20, 9);
    expect(a.frequencies[199]).toBeCloseTo(2000, 9);
    const b = engine.filterResponse(44_100, { custom: { lowCutHz: 50, highCutHz: 200 } });
    const at = (r: typeof a, hz: number) => r.db[a.frequencies.findIndex((f) => f >= hz)]!;
    expect(at(a, 300) - at(b, 300)).toBeGreaterThan(6);
    // The raw preset has no sections: flat.
    expect(Math.max(...engine.filterResponse(44_100, { preset: 'raw' }).db.map(Math.abs))).toBe(0);
    const api = createWorkerApi(async () => engine);
    expect((await api.filterResponse(44_100, { custom: { lowCutHz: 50, highCutHz: 400 } })).db).toEqual(a.db);
  });
});
