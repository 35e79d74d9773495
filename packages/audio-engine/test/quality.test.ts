// Issue 35, acceptance 1: a recording that cannot be judged gets no rate, murmur `unknown` and
// INSUFFICIENT_DATA with the reason — silence, noise, mains hum, speech-like sound, a clipped
// heart recording — while the clean fixtures keep their rates.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadEngine, readMonoWav } from '../src/node.js';
import { analyzeRecording } from '../src/analysis.js';
import { annotatedHeartRate, parseTsv } from '../src/heart/annotations.js';
import type { QualityReason } from '../src/quality.js';
import { fixtureNames, fixturePath } from './helpers.js';
import { clip, hum, pinkNoise, silence, speechLike, whiteNoise } from './quality-signals.js';

const engine = loadEngine();
const POOR = 'heart_poorquality_murmur_unknown_circor_49638_MV';

function analyse(samples: Float32Array, sampleRate: number) {
  const a = analyzeRecording(engine, samples, sampleRate);
  return a.heart!;
}

const unjudgeable: [string, () => { samples: Float32Array; rate: number }, QualityReason[]][] = [
  ['digital silence at 4 kHz', () => ({ samples: silence(4000, 20), rate: 4000 }), ['silent']],
  ['an idle input at 44.1 kHz (−80 dBFS floor)', () => ({ samples: silence(44100, 20, -80), rate: 44100 }), ['silent']],
  ['white noise at 44.1 kHz', () => ({ samples: whiteNoise(44100, 20), rate: 44100 }), ['too-noisy', 'no-heartbeat']],
  ['white noise at 4 kHz', () => ({ samples: whiteNoise(4000, 20), rate: 4000 }), ['too-noisy', 'no-heartbeat']],
  ['pink noise at 4 kHz', () => ({ samples: pinkNoise(4000, 20), rate: 4000 }), ['too-noisy', 'no-heartbeat']],
  ['pink noise at 44.1 kHz', () => ({ samples: pinkNoise(44100, 20), rate: 44100 }), ['too-noisy', 'no-heartbeat']],
  ['50 Hz hum', () => ({ samples: hum(50, 44100, 20), rate: 44100 }), ['no-heartbeat', 'too-noisy']],
  ['60 Hz hum', () => ({ samples: hum(60, 44100, 20), rate: 44100 }), ['no-heartbeat', 'too-noisy']],
  ['60 Hz hum at 4 kHz', () => ({ samples: hum(60, 4000, 20), rate: 4000 }), ['no-heartbeat', 'too-noisy']],
  ['speech-like sound', () => ({ samples: speechLike(44100, 20), rate: 44100 }), ['speech']],
  [
    'a 3 s heart recording',
    () => {
      const { samples, sampleRate } = readMonoWav(fixturePath('heart_normal_circor_50017_MV'));
      return { samples: samples.slice(0, 3 * sampleRate), rate: sampleRate };
    },
    ['too-short'],
  ],
];

describe('the recording-quality verdict', () => {
  for (const [what, make, reasons] of unjudgeable)
    it(`${what}: no rate, murmur unknown, INSUFFICIENT_DATA because ${reasons.join(' or ')}`, () => {
      const { samples, rate } = make();
      const h = analyse(samples, rate);
      expect(h.quality.judged).toBe(false);
      expect(reasons).toContain(h.quality.reason);
      expect(h.heartRateBpm).toBe(0);
      expect(h.heartbeatPresent).toBe(false);
      expect(h.murmur.status).toBe('unknown');
      expect(h.murmur.timing).toBeNull();
      expect(h.diagnosis).toBe('INSUFFICIENT_DATA');
      expect(h.reasons).toEqual([h.quality.message]);
      expect(h.quality.message).toMatch(/^I cannot tell from this recording: .+\. .+/);
    });

  it('flags a heart recording amplified until it clips as clipped, with no murmur verdict', () => {
    // 26 dB more gain: its heart sounds then reach full scale (its peak is a noise burst, 4× louder).
    const { samples, sampleRate } = readMonoWav(fixturePath(POOR));
    const h = analyse(clip(samples, 20), sampleRate);
    expect(h.quality).toMatchObject({ judged: false, reason: 'clipped' });
    expect(h.quality.message).toContain('clipped');
    expect(h.murmur.status).toBe('unknown');
    expect(h.murmur.segments).toHaveLength(0);
    expect(h.diagnosis).toBe('INSUFFICIENT_DATA');
    expect(h.heartRateBpm).toBe(0);
  });

  it('does not call a recording that only reaches full scale clipped', () => {
    const { samples, sampleRate } = readMonoWav(fixturePath('heart_normal_circor_50017_MV'));
    let peak = 0;
    for (const v of samples) peak = Math.max(peak, Math.abs(v));
    const h = analyse(
      samples.map((v) => v / peak),
      sampleRate,
    );
    expect(h.quality.judged).toBe(true);
  });

  const circor = fixtureNames().filter((n) => n.includes('circor') && n !== POOR);
  for (const name of circor)
    it(`${name}: is judged and keeps its rate (within 5 bpm of the annotation)`, () => {
      const { samples, sampleRate } = readMonoWav(fixturePath(name));
      const h = analyse(samples, sampleRate);
      const ref = annotatedHeartRate(parseTsv(readFileSync(fixturePath(name, '.tsv'), 'utf8')));
      expect(h.quality).toMatchObject({ judged: true, reason: null });
      expect(Math.abs(h.heartRateBpm - ref)).toBeLessThanOrEqual(5);
      expect(h.diagnosis).not.toBe('INSUFFICIENT_DATA');
    });
});
