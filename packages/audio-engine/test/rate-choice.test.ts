// The reported rate's choice among the rate candidates (src/heart/rate-choice.ts) and its wiring:
// the candidates come from the WASM record, the first is the segments' own period.
import { describe, expect, it } from 'vitest';
import { loadEngine, readMonoWav } from '../src/node.js';
import { chooseRateCandidate, LONE_CANDIDATE_MARGIN, rateEstimate, SLOWER_MARGIN } from '../src/heart/rate-choice.js';
import { runHeartAnalysis, type RateCandidate } from '../src/heart/result.js';
import { heartFacts } from '../src/heart/rhythm.js';
import { fixturePath } from './helpers.js';

const engine = loadEngine();

function candidate(period: number, score: number, rateBpm = 60 / period): RateCandidate {
  return {
    period,
    height: 1,
    periodicity: 0.5,
    rateBpm,
    rhythmCv: 0.05,
    intervals: 20,
    score,
    s2Contrast: 1,
    s1Contrast: 1,
  };
}

describe('rate choice among the autocorrelation candidates', () => {
  it('takes the slower period when its decode fits better by more than the margin (S1-to-S2 taken for the beat)', () => {
    // CirCor 50641_PV: the segments' period 0.34 s (176 bpm) scored 0.35 per frame, 0.68 s 0.62.
    const chosen = chooseRateCandidate([candidate(0.34, 0.35), candidate(0.68, 0.62), candidate(1.4, 0.34)]);
    expect(chosen?.period).toBe(0.68);
  });

  it('keeps the faster period when the slower one fits better by less than the margin', () => {
    const chosen = chooseRateCandidate([candidate(0.5, 0.5), candidate(1.0, 0.5 + SLOWER_MARGIN - 0.01)]);
    expect(chosen?.period).toBe(0.5);
  });

  it('takes a faster period whose decode fits better, with no margin', () => {
    const chosen = chooseRateCandidate([candidate(1.0, 0.5), candidate(0.5, 0.51)]);
    expect(chosen?.period).toBe(0.5);
  });

  it('skips candidates whose decode gave no rate, and gives none when no candidate has one', () => {
    expect(chooseRateCandidate([candidate(0.5, 0.9, 0), candidate(0.8, 0.4)])?.period).toBe(0.8);
    expect(chooseRateCandidate([candidate(0.5, 0.9, 0)])).toBeNull();
    expect(chooseRateCandidate([])).toBeNull();
  });

  it('reads the candidates from the record: the first is the segments’ own period and rate', () => {
    const { samples, sampleRate } = readMonoWav(fixturePath('heart_normal_circor_49974_MV'));
    const record = runHeartAnalysis(engine, samples, sampleRate);
    const facts = heartFacts(record, samples.length / sampleRate);
    expect(record.candidates.length).toBeGreaterThan(1);
    expect(record.candidates[0]!.period).toBeCloseTo(record.period, 6);
    expect(Math.abs(record.candidates[0]!.rateBpm - facts.heartRateBpm)).toBeLessThan(1);
    for (const c of record.candidates) {
      expect(c.height).toBeGreaterThan(0);
      expect(c.height).toBeLessThanOrEqual(1);
    }
    expect(Math.abs(facts.rate.heartRateBpm - 90.9)).toBeLessThan(1);
  });

  it('measures how decisively the chosen decode won: its score less the best other candidate’s', () => {
    const all = [candidate(0.5, 0.6), candidate(1.0, 0.45), candidate(0.25, 0.52), candidate(0.75, 0.9, 0)];
    // The candidate without a rate (0.75 s) is no rival.
    expect(rateEstimate(all[0]!, all).scoreMargin).toBeCloseTo(0.08, 10);
    // A slower period that scored higher, but not by the margin, leaves a negative one.
    const close = [candidate(0.5, 0.5), candidate(1.0, 0.55)];
    expect(chooseRateCandidate(close)).toBe(close[0]);
    expect(rateEstimate(close[0]!, close).scoreMargin).toBeCloseTo(-0.05, 10);
    expect(rateEstimate(all[0]!, [all[0]!]).scoreMargin).toBe(LONE_CANDIDATE_MARGIN);
    const far = [candidate(0.5, 1.9), candidate(1, 0.1)];
    expect(rateEstimate(far[0]!, far).scoreMargin).toBe(LONE_CANDIDATE_MARGIN);
  });
});
