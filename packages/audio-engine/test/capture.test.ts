import { describe, expect, it } from 'vitest';
import { CAPTURE_LIMITS, LiveCaptureWatch, checkCapture } from '../src/index.js';
import { readMonoWav } from '../src/node.js';
import { fixtureNames, fixturePath } from './helpers.js';

/** Deterministic white noise at a given RMS level (dBFS). */
function noise(sampleRate: number, seconds: number, rmsDbfs: number): Float32Array {
  const x = new Float32Array(Math.round(sampleRate * seconds));
  let seed = 7;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 4294967296) * 2 - 1;
  // A uniform variable on [-1, 1] has RMS 1/sqrt(3).
  const amp = 10 ** (rmsDbfs / 20) * Math.sqrt(3);
  for (let i = 0; i < x.length; i++) x[i] = amp * rnd();
  return x;
}

describe('checkCapture', () => {
  it.each(fixtureNames())('lets the real recording %s through', (name) => {
    const { samples, sampleRate } = readMonoWav(fixturePath(name));
    const check = checkCapture(samples, sampleRate);
    expect(check).toMatchObject({ ok: true });
  });

  it.each([4000, 44100, 48000])('flags 20 s of zeros at %i Hz as silent', (rate) => {
    const check = checkCapture(new Float32Array(rate * 20), rate);
    expect(check).toMatchObject({ ok: false, reason: 'silent', peakDbfs: -Infinity, seconds: 20 });
  });

  it('flags 20 s of noise at -80 dBFS as silent', () => {
    const check = checkCapture(noise(44100, 20, -80), 44100);
    expect(check).toMatchObject({ ok: false, reason: 'silent' });
    expect(check.rmsDbfs).toBeCloseTo(-80, 0);
  });

  it('flags a heart recording amplified 10 times and hard-clipped as clipped', () => {
    const { samples, sampleRate } = readMonoWav(fixturePath('heart_normal_circor_49974_MV'));
    const clipped = samples.map((x) => Math.max(-1, Math.min(1, x * 10)));
    const check = checkCapture(clipped, sampleRate);
    expect(check).toMatchObject({ ok: false, reason: 'clipped' });
    expect(check.clippedShare).toBeGreaterThan(CAPTURE_LIMITS.clippedShare);
  });

  it('flags the first 2 s of a real recording as too short', () => {
    const { samples, sampleRate } = readMonoWav(fixturePath('heart_normal_circor_50017_MV'));
    const check = checkCapture(samples.subarray(0, 2 * sampleRate), sampleRate);
    expect(check).toMatchObject({ ok: false, reason: 'too-short', seconds: 2 });
  });

  it('says silent rather than too short for a short silent recording', () => {
    expect(checkCapture(new Float32Array(8000), 4000)).toMatchObject({ ok: false, reason: 'silent' });
  });
});

describe('LiveCaptureWatch', () => {
  const quiet = { peakDb: -70, fullScaleShare: 0, ms: 100 };
  const heart = { peakDb: -12, fullScaleShare: 0, ms: 100 };

  it('says no sound only once the level has stayed under the silence limit for 1.5 s', () => {
    const watch = new LiveCaptureWatch();
    for (let i = 0; i < 14; i++) expect(watch.push(quiet)).toBe('ok');
    expect(watch.push(quiet)).toBe('no-sound');
    expect(watch.push(heart)).toBe('ok');
  });

  it('says too loud while the last second holds more full-scale samples than a recording may', () => {
    const watch = new LiveCaptureWatch();
    for (let i = 0; i < 10; i++) watch.push(heart);
    expect(watch.push({ peakDb: 0, fullScaleShare: 0.2, ms: 100 })).toBe('too-loud');
    // The clipped window leaves the last second after ten clean ones.
    for (let i = 0; i < 9; i++) expect(watch.push(heart)).toBe('too-loud');
    expect(watch.push(heart)).toBe('ok');
  });

  it('lets a loud beat with a few full-scale samples through', () => {
    const watch = new LiveCaptureWatch();
    for (let i = 0; i < 10; i++) watch.push({ peakDb: 0, fullScaleShare: 0.005, ms: 100 });
    expect(watch.state).toBe('ok');
  });
});
