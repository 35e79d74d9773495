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
}

export interface HeartOptions {
  /** Share of noisy 1000 ms slices (Engine.noiseQuality); lets the diagnosis refuse mostly-noise recordings. */
  noisyShare?: number | undefined;
  /** The patient's age at the recording in whole months; unknown (null) uses a range for any age. */
  ageMonths?: number | null | undefined;
}

/** Analyses a heart recording. */
export function analyzeHeart(
  engine: Engine,
  samples: Float32Array,
  sampleRate: number,
  options: HeartOptions = {},
): HeartAnalysis {
  return heartFromRecord(engine, runHeartAnalysis(engine, samples, sampleRate), samples.length / sampleRate, options);
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
  const murmur = detectMurmur(engine, { record, heart: facts, noisyShare: noisyShare ?? 0, durationSec });
  const rateRange = rateRangeForAge(options.ageMonths);
  const verdict = diagnose({ facts, durationSec, noisyShare, murmur, range: rateRange });
  return { ...facts, ...verdict, murmur, rateRange };
}
