// Rate, rhythm and segment statistics of a heart recording from its WASM record (no verdict:
// ./diagnosis.ts judges them). Pure TypeScript, so every host computes the same numbers.
import type { HeartRecord, HeartSegment, HeartState } from './result.js';
import { exp, log10 } from '../portable-math.js';
import { median } from '../stats.js';
import { chooseRateCandidate, NO_DRIFT_MEASURE_BPM, rateEstimate, type RateEstimate } from './rate-choice.js';

export interface SegmentStats {
  count: number;
  meanSec: number;
  sdSec: number;
  meanLevel: number;
}

/** What the heart analysis measures, before any verdict. */
export interface HeartFacts {
  /** Beats per minute, 0 when no rhythm was found. */
  heartRateBpm: number;
  /** Rate from the autocorrelation period alone. */
  heartRateAcfBpm: number;
  /** How periodic the envelope is: the median over 4 s windows of its correlation with itself one period later. */
  periodicity: number;
  systolicIntervalSec: number;
  heartbeatPresent: boolean;
  /** S1 segments of complete cycles outside the unusable spans. */
  cycles: number;
  /** S1/systole/S2/diastole over the usable spans (none inside `unusableSpans`). */
  segments: HeartSegment[];
  /** Spans (s) the signal-quality check set aside as artefacts (loud noise bursts); not segmented. */
  unusableSpans: { start: number; end: number }[];
  /** Seconds of the recording outside `unusableSpans`. */
  usableSec: number;
  stats: Record<HeartState, SegmentStats>;
  /** Coefficient of variation of S1-to-S1 intervals. */
  rhythmCv: number;
  /** Mean systole+diastole envelope relative to mean S1+S2 envelope (dB). */
  gapToSoundDb: number;
  /**
   * The rate to report and its confidence measures, chosen among the rate candidates
   * (./rate-choice.ts). `heartRateBpm` above is the segments' own rate, which the murmur detector
   * reads; the analysis reports this one.
   */
  rate: RateEstimate;
}

// Periodicity below which there is no rhythm. Heart recordings on the fixtures give 0.38–0.90
// (walking 0.47), white noise 0.07–0.24 (the best lag of noise is picked from its own
// fluctuations), lung crackles 0.21.
export const MIN_PERIODICITY = 0.3;
export const MIN_CYCLES = 3;

function stats(segs: HeartSegment[]): SegmentStats {
  const d = segs.map((s) => s.end - s.start);
  const count = d.length;
  const meanSec = count ? d.reduce((a, b) => a + b, 0) / count : 0;
  const sdSec = count ? Math.sqrt(d.reduce((a, b) => a + (b - meanSec) * (b - meanSec), 0) / count) : 0;
  const meanLevel = count ? segs.reduce((a, s) => a + s.level, 0) / count : 0;
  return { count, meanSec, sdSec, meanLevel };
}

/** The facts of a recording of `duration` seconds from its WASM record. */
export function heartFacts(record: HeartRecord, duration: number): HeartFacts {
  const { acf, periodicity, systolic, frameRate, segments: decoded, unusableSpans, unusableFrames } = record;
  // The decoder runs through the unusable spans (every state scores alike there); what it finds
  // inside them is a guess and is dropped.
  const unusable = (a: number, b: number) => unusableSpans.some((u) => a <= u.end && b >= u.start);
  const inSpan = (s: HeartSegment) => unusable((s.start + s.end) / 2, (s.start + s.end) / 2);
  const segments = decoded.filter((s) => !inSpan(s));
  const usableSec = Math.max(0, duration - unusableFrames / frameRate);
  // Rate from S1 onsets of complete cycles (the way SOURCES.md derives the annotated rate); a
  // cycle that touches an unusable span gives no interval.
  const s1 = decoded.filter((s, i) => s.state === 'S1' && i > 0 && i < decoded.length - 1 && !inSpan(s));
  const intervals: number[] = [];
  for (let i = 1; i < s1.length; i++)
    if (!unusable(s1[i - 1]!.start, s1[i]!.start)) intervals.push(s1[i]!.start - s1[i - 1]!.start);
  const heartRateBpm = intervals.length >= 2 ? 60 / median(intervals) : acf;
  const meanI = intervals.length ? intervals.reduce((a, b) => a + b, 0) / intervals.length : 0;
  const rhythmCv =
    intervals.length >= 2
      ? Math.sqrt(intervals.reduce((a, b) => a + (b - meanI) * (b - meanI), 0) / intervals.length) / meanI
      : 0;
  const by = (s: HeartState) => segments.filter((g) => g.state === s);
  const st = {
    S1: stats(by('S1')),
    systole: stats(by('systole')),
    S2: stats(by('S2')),
    diastole: stats(by('diastole')),
  };
  // Envelope is standardised (can be negative): compare on the linear scale after shifting.
  const lin = (z: number) => exp(z);
  const sound = (lin(st.S1.meanLevel) + lin(st.S2.meanLevel)) / 2;
  const gap = (lin(st.systole.meanLevel) + lin(st.diastole.meanLevel)) / 2;
  const gapToSoundDb = sound > 0 ? 20 * log10(gap / sound) : 0;

  const heartbeatPresent = periodicity >= MIN_PERIODICITY && s1.length >= MIN_CYCLES && heartRateBpm > 0;
  const chosen = chooseRateCandidate(record.candidates);
  const rate: RateEstimate = chosen
    ? rateEstimate(chosen, record.candidates)
    : {
        heartRateBpm,
        heartRateAcfBpm: acf,
        periodicity,
        cycles: s1.length,
        rhythmCv,
        s2Contrast: 0,
        scoreMargin: 0,
        rateDriftBpm: NO_DRIFT_MEASURE_BPM,
      };
  return {
    heartRateBpm,
    heartRateAcfBpm: acf,
    periodicity,
    systolicIntervalSec: systolic,
    heartbeatPresent,
    cycles: s1.length,
    segments,
    unusableSpans,
    usableSec,
    stats: st,
    rhythmCv,
    gapToSoundDb,
    rate,
  };
}
