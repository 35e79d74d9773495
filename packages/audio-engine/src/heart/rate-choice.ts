// The reported heart rate, chosen among the rate candidates of the WASM record (./result.ts): the
// period the segments were decoded with and the autocorrelation's next highest peaks, each decoded
// on its own (assembly/analysis/heart/analyze.ts). The segmentation's own choice looks only at the
// peaks near half and twice its period; a child's S1-to-S2 interval (~0.3 s) taken for the beat has
// its true period (0.65–0.85 s) outside that window, and on CirCor that was most of the doubled
// rates (rates of 166–200 bpm for annotated 70–93 bpm). Here every candidate competes by the same
// rule the segmentation uses between its three: the decode with the best path score per frame
// wins, a slower period by SLOWER_MARGIN per frame. The margin is the segmentation's (chosen there
// on CirCor before this choice existed, see analyze.ts) and was not re-tuned.
// Only the rate and its confidence measures come from here: the segments, and the facts the murmur
// detector reads (./rhythm.ts heartFacts), stay those of the chosen decode, so the murmur detector
// sees what it was trained on.
import type { RateCandidate } from './result.js';
import { median } from '../stats.js';

/** A slower period must beat a faster one's path score by this much per frame (analyze.ts SLOWER_MARGIN). */
export const SLOWER_MARGIN = 0.12;

/** The rate and the measures the rate gate (../quality.ts rateConfidence) judges it by. */
export interface RateEstimate {
  /** 60 / median S1-to-S1 interval of the chosen candidate's decode (0 when it has fewer than two). */
  heartRateBpm: number;
  /** 60 / the candidate's autocorrelation period. */
  heartRateAcfBpm: number;
  /** Envelope periodicity at the candidate's period. */
  periodicity: number;
  /** S1-to-S1 intervals the rate rests on, plus one (the cycles they span). */
  cycles: number;
  /** Coefficient of variation of those intervals. */
  rhythmCv: number;
  /** How far the decode's S2 rises above its systoles and diastoles (standardised envelope). */
  s2Contrast: number;
  /**
   * How decisively this candidate's decode won: its path score per frame less the best other
   * candidate's (negative when a slower one scored higher but not by SLOWER_MARGIN). A wide margin
   * says the envelope fits this period far better than any other the autocorrelation allows.
   */
  scoreMargin: number;
  /**
   * How far the rate drifts over the recording: the largest difference (bpm) between the median rate
   * of a third of the decode's clean S1-to-S1 intervals (in time order) and the reported rate;
   * NO_DRIFT_MEASURE_BPM when there are fewer than two intervals per third. A rate that changes
   * over the recording is one number for none of it (issue 35: on CirCor the wrong rates given were
   * mostly of recordings whose annotated few seconds ran at another rate than the whole).
   */
  rateDriftBpm: number;
}

/** Parts the intervals are split into for the drift. */
export const DRIFT_PARTS = 3;
/** The drift given when it cannot be measured (as unsure as a rate drifting by this much). */
export const NO_DRIFT_MEASURE_BPM = 30;

/** The drift (RateEstimate.rateDriftBpm) of a candidate's clean intervals against `rateBpm`. */
export function rateDrift(onsets: readonly { time: number; clean: boolean }[], rateBpm: number): number {
  const iv: number[] = [];
  for (let i = 1; i < onsets.length; i++) if (onsets[i]!.clean) iv.push(onsets[i]!.time - onsets[i - 1]!.time);
  const n = iv.length;
  if (n < 2 * DRIFT_PARTS || !(rateBpm > 0)) return NO_DRIFT_MEASURE_BPM;
  let drift = 0;
  for (let p = 0; p < DRIFT_PARTS; p++) {
    const part = iv.slice(Math.floor((p * n) / DRIFT_PARTS), Math.floor(((p + 1) * n) / DRIFT_PARTS));
    drift = Math.max(drift, Math.abs(60 / median(part) - rateBpm));
  }
  return drift;
}

/** The margin given when no other candidate was decoded (nothing competed: as decisive as the widest seen). */
export const LONE_CANDIDATE_MARGIN = 0.5;

/** The candidate the rate is taken from, or null when there is none. */
export function chooseRateCandidate(candidates: readonly RateCandidate[]): RateCandidate | null {
  let best: RateCandidate | null = null;
  for (const c of candidates) {
    if (!(c.rateBpm > 0)) continue;
    if (!best || c.score > best.score + (c.period > best.period ? SLOWER_MARGIN : 0)) best = c;
  }
  return best;
}

/** The rate estimate of candidate `c` among `all`. */
export function rateEstimate(c: RateCandidate, all: readonly RateCandidate[] = [c]): RateEstimate {
  let rival = -Infinity;
  for (const o of all) if (o !== c && o.rateBpm > 0) rival = Math.max(rival, o.score);
  return {
    heartRateBpm: c.rateBpm,
    heartRateAcfBpm: c.period > 0 ? 60 / c.period : 0,
    periodicity: c.periodicity,
    cycles: c.intervals + 1,
    rhythmCv: c.rhythmCv,
    s2Contrast: c.s2Contrast,
    scoreMargin: Number.isFinite(rival) ? Math.min(LONE_CANDIDATE_MARGIN, c.score - rival) : LONE_CANDIDATE_MARGIN,
    rateDriftBpm: rateDrift(c.onsets, c.rateBpm),
  };
}
