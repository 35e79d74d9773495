// The diagnosis rule: one verdict from the rate (judged against the patient's age range), the
// rhythm and the murmur detector. NORMAL only when all three say so.
import type { MurmurResult } from '../murmur/detect.js';
import type { RateRange } from './rate-ranges.js';
import type { HeartFacts } from './rhythm.js';

export type DiagnosisCode = 'ERROR' | 'INSUFFICIENT_DATA' | 'NORMAL' | 'ABNORMAL';

// Rule constants (documented in README "Heart analysis").
export const MIN_DURATION_SEC = 5; // fewer than ~5 cycles cannot give a rate
export const MAX_RHYTHM_CV = 0.15;
/** A rate within 5 % of the 30/220 bpm search limits is a period the search ran into, not a heartbeat. */
export const SEARCH_LIMITS_BPM: readonly [number, number] = [30, 220];
export const EDGE_MARGIN = 0.05;
/**
 * More noisy 1000 ms slices than this share and the recording cannot support a diagnosis. Set
 * well above one half because a murmur fills the gaps between S1 and S2 just as noise does:
 * the diastolic-murmur fixture 85119 flags 52 % of its slices.
 */
export const MAX_NOISY_SHARE = 0.75;

export interface Verdict {
  diagnosis: DiagnosisCode;
  /** Why, in the order the rule looked; for the report. */
  reasons: string[];
  /** Rate, rhythm and murmur all normal (the diagnosis is NORMAL). */
  heartbeatNormal: boolean;
}

export interface DiagnosisInput {
  facts: HeartFacts;
  durationSec: number;
  /** Share of noisy 1000 ms slices (0–1); undefined skips that rule. */
  noisyShare?: number | undefined;
  murmur: MurmurResult | null;
  range: RateRange;
}

/**
 * In order: ERROR on a non-finite result; INSUFFICIENT_DATA when the recording is too short or
 * has too little usable signal; then ABNORMAL whenever a murmur is present; INSUFFICIENT_DATA
 * when the rate and rhythm cannot be judged (mostly noisy, a rate at the search edge, no
 * rhythm); ABNORMAL when the rate is outside the age range or the rhythm is irregular (an
 * abnormal rate is a finding even when the murmur could not be judged); INSUFFICIENT_DATA when
 * the murmur detector could not tell; otherwise NORMAL.
 */
export function diagnose({ facts, durationSec, noisyShare, murmur, range }: DiagnosisInput): Verdict {
  const { heartRateBpm: bpm, periodicity, heartbeatPresent, usableSec, rhythmCv, cycles } = facts;
  const insufficient = (reason: string): Verdict => ({
    diagnosis: 'INSUFFICIENT_DATA',
    reasons: [reason],
    heartbeatNormal: false,
  });
  if (!Number.isFinite(bpm) || !Number.isFinite(periodicity))
    return { diagnosis: 'ERROR', reasons: ['analysis produced a non-finite value'], heartbeatNormal: false };
  if (durationSec < MIN_DURATION_SEC) return insufficient(`recording shorter than ${MIN_DURATION_SEC} s`);
  if (usableSec < MIN_DURATION_SEC)
    return insufficient(`less than ${MIN_DURATION_SEC} s of usable signal outside noise bursts`);
  const murmurPresent = murmur?.status === 'present';
  const murmurReason = murmurPresent ? `murmur present (probability ${murmur!.probability.toFixed(2)})` : '';
  // A murmur heard is a finding even where the rhythm could not be established: it fills the
  // quiet between the sounds, which is what lowers the periodicity and raises the noisy share.
  const orMurmur = (v: Verdict): Verdict =>
    murmurPresent ? { diagnosis: 'ABNORMAL', reasons: [murmurReason, ...v.reasons], heartbeatNormal: false } : v;
  if (noisyShare !== undefined && noisyShare > MAX_NOISY_SHARE)
    return orMurmur(
      insufficient(`${Math.round(noisyShare * 100)} % of the recording is noisy (limit ${MAX_NOISY_SHARE * 100} %)`),
    );
  if (
    heartbeatPresent &&
    (bpm <= SEARCH_LIMITS_BPM[0] * (1 + EDGE_MARGIN) || bpm >= SEARCH_LIMITS_BPM[1] * (1 - EDGE_MARGIN))
  )
    return orMurmur(
      insufficient(
        `rate ${bpm.toFixed(0)} bpm sits at the edge of the ${SEARCH_LIMITS_BPM[0]}–${SEARCH_LIMITS_BPM[1]} bpm search`,
      ),
    );
  if (!heartbeatPresent)
    return orMurmur(insufficient(`no heart rhythm found (periodicity ${periodicity.toFixed(2)}, ${cycles} cycles)`));
  const reasons: string[] = murmurPresent ? [murmurReason] : [];
  const rateOk = bpm >= range.low && bpm <= range.high;
  if (!rateOk)
    reasons.push(
      `rate ${bpm.toFixed(0)} bpm outside the normal ${range.low}–${range.high} bpm for ${range.ageBand} (${range.source})`,
    );
  const rhythmOk = rhythmCv <= MAX_RHYTHM_CV;
  if (!rhythmOk) reasons.push(`irregular rhythm (cycle CV ${rhythmCv.toFixed(2)} > ${MAX_RHYTHM_CV})`);
  if (murmurPresent || !rateOk || !rhythmOk) return { diagnosis: 'ABNORMAL', reasons, heartbeatNormal: false };
  if (murmur?.status === 'unknown') return insufficient(`rate and rhythm normal, but ${murmur.reason}`);
  return { diagnosis: 'NORMAL', reasons, heartbeatNormal: true };
}
