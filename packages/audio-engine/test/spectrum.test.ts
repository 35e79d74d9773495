import { describe, expect, it } from 'vitest';
import { loadEngine } from '../src/node.js';
import { sine } from './helpers.js';

const engine = loadEngine();

describe('the live spectrum (stethoscope check)', () => {
  const rate = 48_000;
  const bands = 24;
  const [low, high] = [20, 2000];
  const bandOf = (hz: number) => Math.floor(Math.log(hz / low) / Math.log((high / low) ** (1 / bands)));
  const last4096 = (x: Float32Array) => x.subarray(x.length - 4096);
  /** The geometric centre of a band (a tone there keeps its window's main lobe inside the band). */
  const centre = (band: number) => low * (high / low) ** ((band + 0.5) / bands);

  it('puts a full-scale tone at 0 dB in its band, and the other bands far below', () => {
    const band = 18;
    const levels = engine.spectrumDb(last4096(sine(centre(band), rate, 0.2, 1)), rate, low, high, bands);
    expect(bandOf(centre(band))).toBe(band);
    expect(levels[band]).toBeGreaterThan(-1.5);
    expect(levels[band]).toBeLessThan(0.5);
    for (let b = 0; b < bands; b++) if (Math.abs(b - band) > 2) expect(levels[b]).toBeLessThan(-40);
  });

  it('follows the amplitude: half the amplitude is 6 dB down', () => {
    const full = engine.spectrumDb(last4096(sine(centre(16), rate, 0.2, 1)), rate, low, high, bands)[16]!;
    const half = engine.spectrumDb(last4096(sine(centre(16), rate, 0.2, 0.5)), rate, low, high, bands)[16]!;
    expect(full - half).toBeCloseTo(6.02, 1);
  });

  it('reads silence as the floor and refuses a size that is not a power of two', () => {
    const levels = engine.spectrumDb(new Float32Array(4096), rate, low, high, bands);
    expect(Math.max(...levels)).toBeLessThanOrEqual(-200);
    expect(() => engine.spectrumDb(new Float32Array(1000), rate, low, high, bands)).toThrow();
  });
});
