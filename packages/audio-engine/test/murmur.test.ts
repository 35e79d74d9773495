// The murmur detector and the verdict around it: the benchmark fixtures (the shipped model was
// trained on all 559 patients, these 7 included: their out-of-fold results are in RESULTS.md),
// synthetic recordings, lung recordings and age-judged rates.
import { describe, expect, it } from 'vitest';
import { loadEngine, readMonoWav } from '../src/node.js';
import { analyzeRecording } from '../src/analysis.js';
import { analyzeHeart } from '../src/heart/analyze.js';
import { ageInMonths, rateRangeForAge } from '../src/heart/rate-ranges.js';
import { runHeartAnalysis } from '../src/heart/result.js';
import { audibleDb, completeCycles, FEATURE_NAMES, murmurFeatures } from '../src/murmur/features.js';
import { heartFacts } from '../src/heart/rhythm.js';
import { INAUDIBLE_DB, MURMUR_MODEL, patternOf } from '../src/murmur/detect.js';
import { HEART_BAND_VALUES } from '../src/wasm-records.js';
import { fixturePath } from './helpers.js';

const engine = loadEngine();
const analyze = (name: string, ageMonths: number | null = null) => {
  const { samples, sampleRate } = readMonoWav(fixturePath(name));
  return analyzeRecording(engine, samples, sampleRate, { ageMonths }).heart!;
};

/** S1/S2 bursts of 60 Hz at `bpm`; with `murmur`, noise at 200–400 Hz fills every systole. */
function beats(bpm: number, rate: number, seconds: number, murmur = 0): Float32Array {
  const period = 60 / bpm;
  const x = new Float32Array(rate * seconds);
  let seed = 11;
  for (let i = 0; i < x.length; i++) {
    const t = (i / rate) % period;
    const s1 = t < 0.05;
    const s2 = t > period * 0.4 && t < period * 0.4 + 0.04;
    const hiss = ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * Math.sin((2 * Math.PI * 300 * i) / rate);
    x[i] =
      (s1 || s2 ? (s1 ? 0.6 : 0.4) * Math.sin(2 * Math.PI * 60 * (i / rate)) : 0.001 * Math.sin(i)) +
      (t > 0.07 && t < period * 0.38 ? murmur * hiss : 0);
  }
  return x;
}

describe('murmur detector', () => {
  it('ships weights for the current feature set, under 2 MB', () => {
    expect(MURMUR_MODEL.features).toEqual(FEATURE_NAMES);
    expect(JSON.stringify(MURMUR_MODEL).length).toBeLessThan(2 * 1024 * 1024);
  });

  it('calls the four murmur fixtures present (never NORMAL) and the two normal ones absent (NORMAL)', () => {
    for (const name of [
      'heart_murmur_holosystolic_plateau_harsh_circor_49574_TV',
      'heart_murmur_midsystolic_diamond_harsh_circor_49712_PV',
      'heart_murmur_earlysystolic_decrescendo_circor_49691_PV',
      'heart_murmur_diastolic_decrescendo_circor_85119_PV',
    ]) {
      const h = analyze(name);
      expect(h.murmur.status, name).toBe('present');
      expect(h.diagnosis, name).toBe('ABNORMAL');
      expect(h.reasons.join(), name).toMatch(/murmur present/);
      expect(h.murmur.segments.length, name).toBeGreaterThan(0);
    }
    for (const name of ['heart_normal_circor_49974_MV', 'heart_normal_circor_50017_MV']) {
      const h = analyze(name);
      expect(h.murmur.status, name).toBe('absent');
      expect(h.diagnosis, name).toBe('NORMAL');
    }
    // The holosystolic one is timed as such, and its marks are systoles.
    const holo = analyze('heart_murmur_holosystolic_plateau_harsh_circor_49574_TV').murmur;
    expect(holo.timing).toEqual({ phase: 'systolic', pattern: 'holo' });
    expect(holo.segments.every((s) => s.state === 'systole')).toBe(true);
  });

  it('hears broadband sound filling systole as murmur evidence (features against a clean heartbeat)', () => {
    const rate = 4000;
    const feature = (x: Float32Array) => {
      const record = runHeartAnalysis(engine, x, rate);
      const f = murmurFeatures({ record, heart: heartFacts(record, x.length / rate), noisyShare: 0, durationSec: 20 });
      return f[FEATURE_NAMES.indexOf('sysDia.q50.b5')]!; // mid-systole over mid-diastole, 200–300 Hz
    };
    expect(feature(beats(90, rate, 20, 0.05))).toBeGreaterThan(feature(beats(90, rate, 20)) + 20);
  });

  it('calls a clean heartbeat absent (nothing audible between its sounds) and one with systolic hiss present', () => {
    for (const [bpm, rate] of [
      [31, 4000],
      [60, 4000],
      [90, 4000],
      [120, 4000],
      [90, 44100],
      [100, 44100],
    ] as const) {
      const h = analyzeHeart(engine, beats(bpm, rate, 20), rate);
      expect(h.murmur.status, `${bpm} bpm at ${rate} Hz`).toBe('absent');
      expect(h.murmur.reason).toMatch(/more than 40 dB below them/);
    }
    const x = beats(90, 4000, 20, 0.05);
    const record = runHeartAnalysis(engine, x, 4000);
    expect(audibleDb(record.bands, completeCycles(record))).toBeGreaterThan(INAUDIBLE_DB);
    const h = analyzeHeart(engine, x, 4000);
    expect(h.murmur.status).toBe('present');
    expect(h.murmur.timing?.phase).toBe('systolic');
  });

  it('records one band matrix row per envelope frame', () => {
    const x = beats(90, 4000, 20);
    const record = runHeartAnalysis(engine, x, 4000);
    expect(record.bands.length).toBe(record.frameCount * HEART_BAND_VALUES);
    expect(record.bandsRate).toBe(4000);
    expect(completeCycles(record).length).toBeGreaterThan(20);
  });

  it('says unknown, not absent, when fewer than 3 cycles can be segmented', () => {
    const h = analyzeHeart(engine, beats(35, 4000, 6), 4000);
    expect(h.murmur.status).toBe('unknown');
    expect(h.murmur.reason).toMatch(/complete heart cycles could be segmented \(3 needed\)/);
    expect(h.diagnosis).not.toBe('NORMAL');
  });

  it('names the timing pattern from the loudness of the phase thirds', () => {
    expect(patternOf([8, 9, 8.5])).toBe('holo');
    expect(patternOf([9, 7, 1])).toBe('early');
    expect(patternOf([1, 9, 2])).toBe('mid');
    expect(patternOf([0, 2, 9])).toBe('late');
    expect(patternOf([1, 1, 1])).toBeNull();
  });
});

describe('rates judged by age', () => {
  it('uses the 1st–99th centiles of Fleming et al. for children and 50–100 bpm for adults', () => {
    expect(rateRangeForAge(9)).toMatchObject({ low: 93, high: 161, ageBand: '9–12 months' });
    expect(rateRangeForAge(0)).toMatchObject({ low: 107, high: 181 });
    expect(rateRangeForAge(17 * 12 + 11)).toMatchObject({ low: 43, high: 104 });
    expect(rateRangeForAge(18 * 12)).toMatchObject({ low: 50, high: 100, ageBand: 'adult' });
    expect(rateRangeForAge(null)).toMatchObject({ low: 40, high: 180, ageBand: 'age unknown' });
    expect(ageInMonths(new Date('2025-01-31'), new Date('2025-10-30'))).toBe(8);
    expect(ageInMonths(new Date('2025-01-31'), new Date('2025-10-31'))).toBe(9);
  });

  it('reads 85.7 bpm as normal for an adult and too slow for a 9-month-old, and says which range it used', () => {
    const adult = analyze('heart_normal_circor_50017_MV', 40 * 12);
    expect(adult.heartRateBpm).toBeCloseTo(85.7, 0);
    expect(adult.diagnosis).toBe('NORMAL');
    expect(adult.rateRange.ageBand).toBe('adult');
    const infant = analyze('heart_normal_circor_50017_MV', 9);
    expect(infant.diagnosis).toBe('ABNORMAL');
    expect(infant.reasons.join()).toContain(
      'outside the normal 93–161 bpm for 9–12 months (Fleming et al., Lancet 2011',
    );
  });

  it('reads 107 bpm as fast for an adult (the early-systolic fixture also has a murmur)', () => {
    const h = analyze('heart_murmur_earlysystolic_decrescendo_circor_49691_PV', 30 * 12);
    expect(h.heartRateBpm).toBeCloseTo(107.1, 0);
    expect(h.reasons.join()).toContain('rate 107 bpm outside the normal 50–100 bpm for adult');
  });
});

describe('lung recordings', () => {
  it('get no heart analysis: no rate, no segments, no verdict', () => {
    for (const name of [
      'lung_wheeze_icbhi_104_1b1_Ar_sc_Litt3200_4k',
      'lung_crackle_icbhi_107_2b3_Ll_mc_AKGC417L_44k24_first10s',
    ]) {
      const { samples, sampleRate } = readMonoWav(fixturePath(name));
      const a = analyzeRecording(engine, samples, sampleRate, { site: 'lungs' });
      expect(a.heart).toBeNull();
      expect(a.site).toBe('lungs');
      expect(a.noiseSlices.length).toBeGreaterThan(0);
    }
  });
});
