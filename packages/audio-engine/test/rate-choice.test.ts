// The reported rate's choice among the rate candidates (src/heart/rate-choice.ts) and its wiring:
// the candidates come from the WASM record, the first is the segments' own period.
import { describe, expect, it } from 'vitest';
import { loadEngine, readMonoWav } from '../src/node.js';
import {
  chooseRateCandidate,
  LONE_CANDIDATE_MARGIN,
  NO_DRIFT_MEASURE_BPM,
  rateDrift,
  rateEstimate,
  SLOWER_MARGIN,
} from '../src/heart/rate-choice.js';
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
    onsets: [],
  };
}

/** S1 onsets at the given intervals (s), every interval clean. */
function onsetsAt(intervals: number[]): { time: number; clean: boolean }[] {
  const out = [{ time: 0, clean: false }];
  for (const d of intervals) out.push({ time: out[out.length - 1]!.time + d, clean: true });
  return out;
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

  it('measures how far the rate drifts: the largest gap between a third of the intervals and the rate', () => {
    // 100 bpm steady: no drift.
    expect(rateDrift(onsetsAt(new Array(12).fill(0.6)), 100)).toBeCloseTo(0, 10);
    // The last third at 120 bpm (0.5 s), the rest at 100 bpm: 20 bpm.
    const drifting = onsetsAt([...new Array(8).fill(0.6), ...new Array(4).fill(0.5)]);
    expect(rateDrift(drifting, 100)).toBeCloseTo(20, 6);
    // Beat-to-beat alternation (sinus arrhythmia) spread evenly does not drift: every third's median is the rate.
    const alternating = onsetsAt(Array.from({ length: 12 }, (_, i) => (i % 2 ? 0.66 : 0.54)));
    expect(rateDrift(alternating, 100)).toBeCloseTo(0, 6);
    // Intervals across an unusable span (not clean) do not count: without the fast last third's, no drift.
    for (const o of drifting.slice(9)) o.clean = false;
    expect(rateDrift(drifting, 100)).toBeCloseTo(0, 6);
    // Too few intervals for three parts of two: as unsure as a large drift.
    expect(rateDrift(onsetsAt([0.6, 0.6, 0.6, 0.6, 0.6]), 100)).toBe(NO_DRIFT_MEASURE_BPM);
  });

  it('carries the reported candidate’s drift and its S1 onsets from the record', () => {
    const { samples, sampleRate } = readMonoWav(fixturePath('heart_normal_circor_49974_MV'));
    const record = runHeartAnalysis(engine, samples, sampleRate);
    const facts = heartFacts(record, samples.length / sampleRate);
    const chosen = chooseRateCandidate(record.candidates)!;
    const clean = chosen.onsets.filter((o) => o.clean).length;
    expect(clean).toBe(chosen.intervals);
    for (let i = 1; i < chosen.onsets.length; i++)
      expect(chosen.onsets[i]!.time).toBeGreaterThan(chosen.onsets[i - 1]!.time);
    expect(facts.rate.rateDriftBpm).toBe(rateDrift(chosen.onsets, chosen.rateBpm));
    expect(facts.rate.rateDriftBpm).toBeGreaterThanOrEqual(0);
    expect(facts.rate.rateDriftBpm).toBeLessThan(NO_DRIFT_MEASURE_BPM);
  });
});
