// The rate gate (src/quality.ts): one confidence over the reported rate's measures against a
// threshold, both fitted by `npm run eval:rate` (training/rate-gate.ts) and shipped in
// src/heart/rate-confidence.json.
import { describe, expect, it } from 'vitest';
import type { RateEstimate } from '../src/heart/rate-choice.js';
import {
  heartbeatEstablished,
  RATE_CONFIDENCE,
  RATE_MEASURES,
  rateConfidence,
  type RateConfidenceModel,
} from '../src/quality.js';
import { chooseGate, given, scoreGate, type RateRow } from '../training/rate-gate.js';

/** A steady, decisive estimate: a clean recording's. */
const clean: RateEstimate = {
  heartRateBpm: 90,
  heartRateAcfBpm: 90.5,
  periodicity: 0.7,
  cycles: 30,
  rhythmCv: 0.04,
  s2Contrast: 1,
  scoreMargin: 0.2,
  rateDriftBpm: 1,
};

describe('the rate gate', () => {
  it('ships a model for the measures this code reads, in their order', () => {
    expect(RATE_CONFIDENCE.measures).toEqual([...RATE_MEASURES]);
    for (const k of ['mean', 'scale', 'weights'] as const)
      expect(RATE_CONFIDENCE[k]).toHaveLength(RATE_MEASURES.length);
    expect(Number.isFinite(RATE_CONFIDENCE.threshold)).toBe(true);
  });

  it('gives the rate of a steady, decisive decode and withholds an irregular, undecided one', () => {
    expect(heartbeatEstablished(clean)).toBe(true);
    const unsure = { ...clean, periodicity: 0.3, rhythmCv: 0.12, scoreMargin: -0.05 };
    expect(rateConfidence(unsure)).toBeLessThan(rateConfidence(clean));
    expect(heartbeatEstablished(unsure)).toBe(false);
  });

  it('trusts a rate less when it drifts over the recording', () => {
    // A rate whose thirds run 20 bpm apart is no one rate for the recording (src/heart/rate-choice.ts rateDrift).
    expect(RATE_CONFIDENCE.weights[RATE_MEASURES.indexOf('rate drift (bpm)')]).toBeLessThan(0);
    expect(rateConfidence({ ...clean, rateDriftBpm: 20 })).toBeLessThan(rateConfidence(clean));
    expect(heartbeatEstablished({ ...clean, rhythmCv: 0.07, rateDriftBpm: 20 })).toBe(false);
    expect(heartbeatEstablished({ ...clean, rhythmCv: 0.07, rateDriftBpm: 1 })).toBe(true);
  });

  it('never gives a rate below the floors, however confident the model', () => {
    const sure: RateConfidenceModel = { ...RATE_CONFIDENCE, threshold: -1e9 };
    expect(heartbeatEstablished(clean, sure)).toBe(true);
    expect(heartbeatEstablished({ ...clean, periodicity: 0.05 }, sure)).toBe(false);
    expect(heartbeatEstablished({ ...clean, cycles: 2 }, sure)).toBe(false);
    expect(heartbeatEstablished({ ...clean, heartRateBpm: 0 }, sure)).toBe(false);
  });

  it('fits a model and threshold that give the right rates and refuse the wrong ones', () => {
    // 200 judged rows: the 40 wrong rates come with an undecided decode (low margin), the right ones
    // with a decisive one; the other measures say nothing.
    const rows: RateRow[] = [];
    for (let i = 0; i < 200; i++) {
      const wrong = i % 5 === 0;
      rows.push({
        person: `p${i}`,
        age: 'Child',
        annotatedBpm: 100,
        unannotatedSec: i % 2 ? 0 : 10,
        bpm: wrong ? 120 : 100,
        acfBpm: wrong ? 120 : 100,
        periodicity: 0.5 + 0.001 * (i % 7),
        cycles: 30,
        rhythmCv: 0.05 + 0.001 * (i % 3),
        s2Contrast: 1,
        scoreMargin: wrong ? 0.01 + 0.0001 * i : 0.15 + 0.0001 * i,
        rateDriftBpm: 2 + 0.01 * (i % 4),
        segmentsBpm: 100,
        segmentsPeriodicity: 0.5,
        segmentsCycles: 30,
        signal: { durationSec: 20, rmsDb: -30, peakDb: -10, clippedShare: 0, highBandShare: 0, syllabicShare: 0 },
        noisyShare: 0,
        usableSec: 20,
        preGateReason: null,
        tp: 0,
        fp: 0,
        fn: 0,
      });
    }
    const model = chooseGate(rows);
    const s = scoreGate(rows, model);
    // Every right rate given, and no more wrong ones than the 97 % target allows.
    expect(s.givenWithin5).toBe(160);
    expect(s.givenWithin5 / s.given).toBeGreaterThanOrEqual(0.97);
    expect(rows.filter((r) => given(r, model) && r.bpm !== 100).length).toBeLessThanOrEqual(4);
    // The margin carries the model: the wrong rates' undecided decodes score lowest.
    expect(model.weights[RATE_MEASURES.indexOf('score margin')]).toBeGreaterThan(0);
  });
});
