// Reads the WASM heart analysis record (assembly/analysis/heart/analyze.ts) through the offsets
// both sides import from ../wasm-records.ts.
import type { Engine } from '../engine.js';
import * as R from '../wasm-records.js';

export type HeartState = 'S1' | 'systole' | 'S2' | 'diastole';

export interface HeartSegment {
  state: HeartState;
  start: number; // s
  end: number; // s
  /** Mean standardised envelope over the segment. */
  level: number;
}

const STATES: HeartState[] = ['S1', 'systole', 'S2', 'diastole'];

/**
 * One rate candidate: a period the autocorrelation allows, decoded on its own for its rate only
 * (assembly/analysis/heart/analyze.ts); the first is the period the segments were decoded with.
 */
export interface RateCandidate {
  /** Period (s). */
  period: number;
  /** Its autocorrelation prominence relative to the highest peak's (0–1). */
  height: number;
  periodicity: number;
  /** 60 / median S1-to-S1 interval of its decode (bpm; 0 when fewer than two intervals). */
  rateBpm: number;
  rhythmCv: number;
  intervals: number;
  /** Its decode's path score per frame. */
  score: number;
  /** Mean standardised envelope of its S2 (S1) segments less the larger of its systoles' and diastoles'. */
  s2Contrast: number;
  s1Contrast: number;
  /**
   * The S1 onsets of its decode's complete cycles outside the unusable spans, in time order (s), each
   * with whether the interval from the previous onset is free of unusable frames (false for the first).
   */
  onsets: { time: number; clean: boolean }[];
}

/** The record's content, in seconds. */
export interface HeartRecord {
  /** Rate from the autocorrelation period alone (bpm; 0 when none). */
  acf: number;
  periodicity: number;
  period: number;
  systolic: number;
  frameRate: number;
  frameCount: number;
  /** Every decoded segment, also those inside unusable spans. */
  segments: HeartSegment[];
  /** The rate candidates, the chosen period first (none when no rhythm was found). */
  candidates: RateCandidate[];
  unusableSpans: { start: number; end: number }[];
  unusableFrames: number;
  /** frameCount × HEART_BAND_VALUES: per frame the band power densities (dB), then the flatness (dB). */
  bands: Float32Array;
  /** The rate (Hz) the band powers were computed at. */
  bandsRate: number;
}

/** Reads the record at `p` in the engine's memory. */
function readHeartRecord(memory: WebAssembly.Memory, p: number): HeartRecord {
  const v = new DataView(memory.buffer, p);
  const frameRate = v.getFloat64(R.HEART_FRAME_RATE, true);
  const count = v.getInt32(R.HEART_SEGMENT_COUNT, true);
  const spans = v.getInt32(R.HEART_SPAN_COUNT, true);
  const segments: HeartSegment[] = [];
  for (let i = 0; i < count; i++) {
    const o = R.HEART_HEADER_BYTES + i * R.HEART_SEGMENT_BYTES;
    segments.push({
      state: STATES[v.getInt32(o + R.SEGMENT_STATE, true)]!,
      start: v.getInt32(o + R.SEGMENT_START, true) / frameRate,
      end: v.getInt32(o + R.SEGMENT_END, true) / frameRate,
      level: v.getFloat32(o + R.SEGMENT_LEVEL, true),
    });
  }
  const unusableSpans: { start: number; end: number }[] = [];
  const spanBase = R.HEART_HEADER_BYTES + count * R.HEART_SEGMENT_BYTES;
  for (let i = 0; i < spans; i++) {
    const o = spanBase + i * R.HEART_SPAN_BYTES;
    unusableSpans.push({
      start: v.getInt32(o + R.SPAN_START, true) / frameRate,
      end: v.getInt32(o + R.SPAN_END, true) / frameRate,
    });
  }
  const candidates: RateCandidate[] = [];
  for (let i = 0; i < v.getInt32(R.HEART_CANDIDATE_COUNT, true); i++) {
    const o = R.HEART_CANDIDATES + i * R.HEART_CANDIDATE_BYTES;
    const onsets: { time: number; clean: boolean }[] = [];
    const base = v.getInt32(o + R.CANDIDATE_ONSETS_OFFSET, true);
    for (let j = 0; j < v.getInt32(o + R.CANDIDATE_ONSET_COUNT, true); j++) {
      const q = base + j * R.HEART_ONSET_BYTES;
      onsets.push({
        time: v.getInt32(q + R.ONSET_FRAME, true) / frameRate,
        clean: v.getInt32(q + R.ONSET_CLEAN, true) !== 0,
      });
    }
    candidates.push({
      period: v.getFloat64(o + R.CANDIDATE_PERIOD, true),
      height: v.getFloat64(o + R.CANDIDATE_HEIGHT, true),
      periodicity: v.getFloat64(o + R.CANDIDATE_PERIODICITY, true),
      rateBpm: v.getFloat64(o + R.CANDIDATE_RATE, true),
      rhythmCv: v.getFloat64(o + R.CANDIDATE_RHYTHM_CV, true),
      intervals: v.getFloat64(o + R.CANDIDATE_INTERVALS, true),
      score: v.getFloat64(o + R.CANDIDATE_SCORE, true),
      s2Contrast: v.getFloat64(o + R.CANDIDATE_S2_CONTRAST, true),
      s1Contrast: v.getFloat64(o + R.CANDIDATE_S1_CONTRAST, true),
      onsets,
    });
  }
  return {
    acf: v.getFloat64(R.HEART_RATE_ACF, true),
    periodicity: v.getFloat64(R.HEART_PERIODICITY, true),
    period: v.getFloat64(R.HEART_PERIOD, true),
    systolic: v.getFloat64(R.HEART_SYSTOLE, true),
    frameRate,
    frameCount: v.getInt32(R.HEART_FRAME_COUNT, true),
    segments,
    candidates,
    unusableSpans,
    unusableFrames: v.getInt32(R.HEART_UNUSABLE_FRAMES, true),
    bands: new Float32Array(
      memory.buffer,
      p + v.getInt32(R.HEART_BANDS_OFFSET, true),
      v.getInt32(R.HEART_BANDS_FRAMES, true) * R.HEART_BAND_VALUES,
    ).slice(),
    bandsRate: v.getFloat64(R.HEART_BANDS_RATE, true),
  };
}

/**
 * Runs the WASM heart analysis over `samples` and reads its record (freed before returning).
 * `withBands` false skips the band powers the murmur detector needs (the benchmark's baseline).
 */
export function runHeartAnalysis(
  engine: Engine,
  samples: Float32Array,
  sampleRate: number,
  withBands = true,
): HeartRecord {
  const x = engine.exports;
  const p = engine.withBuffer(samples, (ptr) => x.heartAnalyze(ptr, samples.length, sampleRate, withBands ? 1 : 0));
  try {
    return readHeartRecord(x.memory, p);
  } finally {
    x.heartResultFree(p);
  }
}
