// Heart analysis: the WASM record (./result.ts) → rate, rhythm and segment statistics
// (./rhythm.ts) → murmur detection (../murmur/) → one diagnosis (./diagnosis.ts), with the rate
// judged against the patient's age range (./rate-ranges.ts). Pure TypeScript over the WASM result,
// so every host computes the same numbers.
import type { Engine } from '../engine.js';
import { detectMurmur, type MurmurResult } from '../murmur/detect.js';
import { diagnose, type DiagnosisCode } from './diagnosis.js';
import { rateRangeForAge, type RateRange } from './rate-ranges.js';
import { runHeartAnalysis, type HeartRecord, type HeartSegment, type HeartState } from './result.js';
import { heartFacts, type HeartFacts, type SegmentStats } from './rhythm.js';
import { heartVerdict, measureSignal, rateWithheldReason, signalVerdict, type RecordingQuality } from '../quality.js';

export type { DiagnosisCode, HeartFacts, HeartSegment, HeartState, MurmurResult, RateRange, SegmentStats };

export interface HeartAnalysis extends HeartFacts {
  /** Rate, rhythm and murmur all normal. */
  heartbeatNormal: boolean;
  diagnosis: DiagnosisCode;
  /** Why the diagnosis was given, for the report. */
  reasons: string[];
  /** The murmur detector's finding. */
  murmur: MurmurResult;
  /** The normal rate range the rate was judged against. */
  rateRange: RateRange;
  /**
   * Whether the recording could be judged at all, decided first (../quality.ts). When not: the
   * rate is withheld (heartRateBpm 0), the murmur status is unknown, the diagnosis INSUFFICIENT_DATA.
   */
  quality: RecordingQuality;
  /**
   * Why the rate is withheld although the recording was judged (the segmentation did not establish
   * the heartbeat's timing with confidence, ../quality.ts rateConfidence); null when a rate is given.
   * The murmur is still judged: a murmur heard is a finding.
   */
  rateWithheld: string | null;
}

export interface HeartOptions {
  /** Share of noisy 1000 ms slices (Engine.noiseQuality); lets the diagnosis refuse mostly-noise recordings. */
  noisyShare?: number | undefined;
  /** The patient's age at the recording in whole months; unknown (null) uses a range for any age. */
  ageMonths?: number | null | undefined;
  /** The verdict from the samples alone (../quality.ts signalVerdict); null or absent when they raise none. */
  signal?: RecordingQuality | null | undefined;
}

/** Analyses a heart recording. */
export function analyzeHeart(
  engine: Engine,
  samples: Float32Array,
  sampleRate: number,
  options: HeartOptions = {},
): HeartAnalysis {
  const signal = signalVerdict(measureSignal(engine, samples, sampleRate));
  return heartFromRecord(engine, runHeartAnalysis(engine, samples, sampleRate), samples.length / sampleRate, {
    ...options,
    signal,
  });
}

/** The analysis of a recording of `durationSec` seconds from its WASM record. */
export function heartFromRecord(
  engine: Engine,
  record: HeartRecord,
  durationSec: number,
  options: HeartOptions = {},
): HeartAnalysis {
  const facts = heartFacts(record, durationSec);
  const noisyShare = options.noisyShare;
  const rateRange = rateRangeForAge(options.ageMonths);
  // The quality verdict comes first: a recording that cannot be judged gets no rate, no murmur
  // verdict and no diagnosis beyond INSUFFICIENT_DATA, whatever the detectors would have said.
  const quality = options.signal ?? heartVerdict(facts, noisyShare);
  if (!quality.judged) {
    const murmur: MurmurResult = {
      status: 'unknown',
      probability: 0,
      unknownProbability: 1,
      timing: null,
      segments: [],
      reason: quality.message,
    };
    return {
      ...facts,
      heartRateBpm: 0,
      heartbeatPresent: false,
      diagnosis: 'INSUFFICIENT_DATA',
      reasons: [quality.message],
      heartbeatNormal: false,
      murmur,
      rateRange,
      quality,
      rateWithheld: null,
    };
  }
  const murmur = detectMurmur(engine, { record, heart: facts, noisyShare: noisyShare ?? 0, durationSec });
  const rateWithheld = rateWithheldReason(facts);
  if (rateWithheld) {
    // No rate, so no rate or rhythm finding: ABNORMAL only from a murmur heard.
    const present = murmur.status === 'present';
    return {
      ...facts,
      heartRateBpm: 0,
      heartbeatPresent: false,
      diagnosis: present ? 'ABNORMAL' : 'INSUFFICIENT_DATA',
      reasons: present
        ? [`murmur present (probability ${murmur.probability.toFixed(2)})`, rateWithheld]
        : [rateWithheld],
      heartbeatNormal: false,
      murmur,
      rateRange,
      quality,
      rateWithheld,
    };
  }
  // The reported rate and its rhythm CV are the chosen candidate's (./rate-choice.ts); the murmur
  // detector above read the segments' own.
  const reported = { ...facts, heartRateBpm: facts.rate.heartRateBpm, rhythmCv: facts.rate.rhythmCv };
  const verdict = diagnose({ facts: reported, durationSec, noisyShare, murmur, range: rateRange });
  return { ...reported, ...verdict, murmur, rateRange, quality, rateWithheld: null };
}
