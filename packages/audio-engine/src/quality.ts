// The recording-quality verdict, decided FIRST in every heart analysis (./heart/analyze.ts): can
// this recording be judged at all, and if not, why. When it cannot, the analysis gives no heart
// rate, murmur `unknown` and INSUFFICIENT_DATA, and says why in plain words ("I cannot tell from
// this recording: …"). Two stages: what the samples alone show (too short, silent, clipped,
// speech-like) before anything is segmented, and what the segmentation shows (too noisy, no
// heartbeat) after. Pure TypeScript over the engine, so every host judges alike.
//
// The pre-send check of the recorders (capture.ts, issue 35 line 4) had not landed when this was
// written, so the silent / clipped / too-short constants are defined here; the two should share them.
import type { Engine } from './engine.js';
import { MAX_NOISY_SHARE, MIN_DURATION_SEC } from './heart/diagnosis.js';
import type { RateEstimate } from './heart/rate-choice.js';
import { ln } from './portable-math.js';
import rateConfidenceJson from './heart/rate-confidence.json' with { type: 'json' };
import type { HeartFacts } from './heart/rhythm.js';

export type QualityReason = 'silent' | 'no-heartbeat' | 'too-noisy' | 'clipped' | 'too-short' | 'speech';

/** The verdict stored with the report (contracts' recordingQualitySchema). */
export interface RecordingQuality {
  judged: boolean;
  reason: QualityReason | null;
  /** One plain sentence for the clinician: what is wrong and what to do. */
  message: string;
}

/**
 * A recording whose RMS is below this (dBFS) is silent: nothing connected, or the chest piece off
 * the skin. 16-bit quantisation noise sits at −101 dBFS; the quietest CirCor recording measured by
 * `npm run eval:rate` is far above this (see README, "Recording quality").
 */
export const SILENT_RMS_DBFS = -60;

/**
 * A sample counts as clipped when it repeats its neighbour's value exactly within 0.5 % of the
 * recording's own peak: an input driven past its range holds the rail (full scale, or below it
 * when the clipped signal was scaled afterwards) for runs of identical samples, where a signal
 * that is not clipped, even a pure tone, only passes through its peak.
 */
export const CLIP_LEVEL = 0.995;
/**
 * Share of clipped samples above which the recording is clipped: 0.1 %, ~4 samples per second at
 * 4 kHz. Clipping squares off S1/S2 and makes harmonics across the murmur band, so even a small
 * share makes a murmur verdict unsafe.
 */
export const MAX_CLIPPED_SHARE = 0.01;

/**
 * Speech-like: most of the power above the heart-sound band AND the envelope of that band
 * modulated at syllable rate. Heart sounds put most of their power below ~150 Hz (murmurs reach
 * ~600 Hz but sit under S1/S2's power); voiced speech picked up through the air puts its formants
 * at 300–3000 Hz (Peterson & Barney 1952) and its envelope is modulated at 2–8 Hz, peaking near
 * 4 Hz (Houtgast & Steeneken 1985).
 */
export const SPEECH_BAND_HZ = 300;
/** Share of the power above SPEECH_BAND_HZ from which a recording may be speech. */
export const SPEECH_HIGH_SHARE = 0.6;
/** Share of the high band's envelope variance at 2–8 Hz (of all its modulation from 0.5 to 16 Hz). */
export const SPEECH_MODULATION_SHARE = 0.75;

/** What the samples alone show, measured before any segmentation. */
export interface SignalMeasures {
  durationSec: number;
  rmsDb: number;
  peakDb: number;
  /** Share of samples held at the rail (see CLIP_LEVEL). */
  clippedShare: number;
  /** Share of the power above SPEECH_BAND_HZ (0 when nothing is heard). */
  highBandShare: number;
  /** Share of the high band's envelope modulation (0.5–16 Hz) that lies at 2–8 Hz. */
  syllabicShare: number;
}

const BUTTERWORTH_Q_DB = -3.0103; // Q = 1/√2 in the Web Audio cookbook's dB reading

function power(x: Float32Array): number {
  let s = 0;
  for (let i = 0; i < x.length; i++) s += x[i]! * x[i]!;
  return s / Math.max(1, x.length);
}

/**
 * The share of the envelope's modulation power at 2–8 Hz among 0.5–16 Hz: the envelope is the
 * 10 ms RMS of `x` (100 Hz), its spectrum taken by direct DFT at 0.25 Hz steps (a 60 s recording
 * gives 6,000 points × 63 frequencies: cheap).
 */
function syllabicShare(x: Float32Array, sampleRate: number): number {
  const hop = Math.max(1, Math.round(sampleRate / 100));
  const env: number[] = [];
  for (let o = 0; o + hop <= x.length; o += hop) {
    let s = 0;
    for (let i = o; i < o + hop; i++) s += x[i]! * x[i]!;
    env.push(Math.sqrt(s / hop));
  }
  if (env.length < 200) return 0;
  const mean = env.reduce((a, b) => a + b, 0) / env.length;
  let inBand = 0;
  let all = 0;
  for (let f = 0.5; f <= 16; f += 0.25) {
    let re = 0;
    let im = 0;
    const w = (2 * Math.PI * f) / 100;
    for (let i = 0; i < env.length; i++) {
      const v = env[i]! - mean;
      re += v * Math.cos(w * i);
      im -= v * Math.sin(w * i);
    }
    const p = re * re + im * im;
    all += p;
    if (f >= 2 && f <= 8) inBand += p;
  }
  return all > 0 ? inBand / all : 0;
}

export function measureSignal(engine: Engine, samples: Float32Array, sampleRate: number): SignalMeasures {
  const durationSec = samples.length / sampleRate;
  const { rmsDb, peakDb } = engine.levels(samples);
  let peak = 0;
  for (let i = 0; i < samples.length; i++) peak = Math.max(peak, Math.abs(samples[i]!));
  let clipped = 0;
  for (let i = 1; i < samples.length; i++)
    if (peak > 0 && samples[i] === samples[i - 1] && Math.abs(samples[i]!) >= CLIP_LEVEL * peak) clipped++;
  const total = power(samples);
  let highBandShare = 0;
  let syllabic = 0;
  if (total > 0 && SPEECH_BAND_HZ < sampleRate * 0.45) {
    const high = engine.filter(samples, sampleRate, [
      { type: 'highpass', frequency: SPEECH_BAND_HZ, q: BUTTERWORTH_Q_DB },
      { type: 'highpass', frequency: SPEECH_BAND_HZ, q: BUTTERWORTH_Q_DB },
    ]);
    highBandShare = Math.min(1, power(high) / total);
    if (highBandShare >= SPEECH_HIGH_SHARE) syllabic = syllabicShare(high, sampleRate);
  }
  return {
    durationSec,
    rmsDb,
    peakDb,
    clippedShare: clipped / Math.max(1, samples.length),
    highBandShare,
    syllabicShare: syllabic,
  };
}

const JUDGED: RecordingQuality = { judged: true, reason: null, message: 'The recording can be judged.' };

function notJudged(reason: QualityReason, why: string, todo: string): RecordingQuality {
  return { judged: false, reason, message: `I cannot tell from this recording: ${why}. ${todo}` };
}

/** The verdict from the samples alone (in this order), or null when they raise no objection. */
export function signalVerdict(m: SignalMeasures): RecordingQuality | null {
  if (m.durationSec < MIN_DURATION_SEC)
    return notJudged(
      'too-short',
      `it lasts ${m.durationSec.toFixed(1)} s, at least ${MIN_DURATION_SEC} s are needed`,
      'Record again for longer.',
    );
  if (!(m.rmsDb >= SILENT_RMS_DBFS))
    return notJudged(
      'silent',
      'it is silent',
      'Check that the stethoscope is connected and its chest piece touches the skin, then record again.',
    );
  if (m.clippedShare > MAX_CLIPPED_SHARE)
    return notJudged(
      'clipped',
      `it is clipped (${(m.clippedShare * 100).toFixed(1)} % of the samples at the rail), which can sound like a murmur`,
      'Lower the input volume and record again.',
    );
  if (m.highBandShare >= SPEECH_HIGH_SHARE && m.syllabicShare >= SPEECH_MODULATION_SHARE)
    return notJudged('speech', 'it sounds like speech', 'Ask everyone to stay quiet, then record again.');
  return null;
}

/**
 * The rate-confidence gate: the segmentation has established the heartbeat. One confidence, the
 * log-odds of a logistic model over eight measures of the reported rate's own decode
 * (./heart/rate-choice.ts RateEstimate), against a threshold. The model and the threshold are fitted
 * by `npm run eval:rate` on CirCor, patient-disjointly (../training/rate-gate.ts); the shipped ones
 * (./heart/rate-confidence.json) are what that run fits on all patients (`--out`).
 */
export interface RateConfidenceModel {
  /** The measures' names, in the order of rateMeasures (a check that the file matches this code). */
  measures: string[];
  /** Each measure is standardised by its mean and standard deviation over the training rows. */
  mean: number[];
  scale: number[];
  weights: number[];
  bias: number;
  /** Least confidence (log-odds) at which a rate is given. */
  threshold: number;
  /** The date `eval:rate --out` fitted it. */
  trainedOn?: string;
}

export const RATE_CONFIDENCE = rateConfidenceJson as RateConfidenceModel;

/** Fewer complete cycles than this in the reported rate's decode and no rate is given, whatever the model says. */
export const MIN_RATE_CYCLES = 3;

export const RATE_MEASURES = [
  'periodicity',
  'ln cycles',
  'rhythm CV',
  'S1/ACF disagreement',
  'score margin',
  'S2 contrast',
  'rate drift (bpm)',
  'rhythm SD (bpm)',
] as const;

/** The measures the confidence reads, in RATE_MEASURES order. */
export function rateMeasures(rate: RateEstimate): number[] {
  return [
    rate.periodicity,
    ln(Math.max(1, rate.cycles)), // portable: the same bits in Node and the browser (../portable-math.ts)
    rate.rhythmCv,
    acfDisagreement(rate),
    rate.scoreMargin,
    rate.s2Contrast,
    rate.rateDriftBpm,
    // The CV in beats per minute: the criterion is 5 bpm whatever the rate, and a CV of 0.08 is
    // 4.8 bpm at 60 bpm but 11 bpm at 140 (an infant's).
    rate.rhythmCv * rate.heartRateBpm,
  ];
}

/** The confidence (log-odds that the rate is within 5 bpm) of a rate estimate under `model`. */
export function rateConfidence(rate: RateEstimate, model: RateConfidenceModel = RATE_CONFIDENCE): number {
  const x = rateMeasures(rate);
  let z = model.bias;
  for (let i = 0; i < x.length; i++) z += (model.weights[i]! * (x[i]! - model.mean[i]!)) / model.scale[i]!;
  return z;
}

/** Relative disagreement of the two rate estimates (capped at 1; 1 when either is missing). */
export function acfDisagreement(facts: Pick<HeartFacts, 'heartRateBpm' | 'heartRateAcfBpm'>): number {
  const { heartRateBpm: a, heartRateAcfBpm: b } = facts;
  return a > 0 && b > 0 ? Math.min(1, Math.abs(a - b) / a) : 1;
}

/**
 * Whether the segmentation established the heartbeat: a rate over enough cycles, a decode whose period
 * shows a heartbeat at all (the verdict's floor, which it applies to the segments' own period), and
 * enough confidence. The floors keep a linear model from trading a missing heartbeat for a steady rhythm.
 */
export function heartbeatEstablished(rate: RateEstimate, model: RateConfidenceModel = RATE_CONFIDENCE): boolean {
  return (
    Number.isFinite(rate.heartRateBpm) &&
    rate.heartRateBpm > 0 &&
    rate.cycles >= MIN_RATE_CYCLES &&
    rate.periodicity >= NO_HEARTBEAT_PERIODICITY &&
    rateConfidence(rate, model) >= model.threshold
  );
}

/**
 * Below this envelope periodicity there is no heartbeat to judge at all: white and pink noise read
 * 0.01–0.09 here (0.07–0.24 in ./heart/rhythm.ts's note), the heart fixtures 0.38–0.90. Kept low on
 * purpose: a murmur filling the quiet between the sounds lowers the periodicity, and making every
 * such recording `unknown` costs murmur patients (./murmur/detect.ts murmurStatus). In CirCor 11 % of
 * the murmur-present patients' recordings read below it against 43 % of the murmur-unknown ones.
 */
export const NO_HEARTBEAT_PERIODICITY = 0.1;
/** Fewer complete cycles than this and neither a rate nor a murmur can be judged (MIN_MURMUR_CYCLES). */
export const MIN_HEART_CYCLES = 3;

/**
 * The verdict after segmentation: too noisy, then no heartbeat (nothing periodic, too few cycles);
 * judged otherwise. A judged recording may still have its rate withheld (rateConfident).
 */
export function heartVerdict(facts: HeartFacts, noisyShare: number | undefined): RecordingQuality {
  if (noisyShare !== undefined && noisyShare > MAX_NOISY_SHARE)
    return notJudged(
      'too-noisy',
      `${Math.round(noisyShare * 100)} % of it is noisy`,
      'Record again in a quiet room, holding the chest piece still.',
    );
  if (facts.usableSec < MIN_DURATION_SEC)
    return notJudged(
      'too-noisy',
      `less than ${MIN_DURATION_SEC} s of it is free of noise bursts`,
      'Record again in a quiet room, holding the chest piece still.',
    );
  if (!(facts.heartRateBpm > 0) || !(facts.periodicity >= NO_HEARTBEAT_PERIODICITY) || facts.cycles < MIN_HEART_CYCLES)
    return notJudged(
      'no-heartbeat',
      'no heartbeat was found',
      'Place the chest piece where the heart is heard best and record again.',
    );
  return JUDGED;
}

/**
 * Why a judged recording's rate is withheld, or null when the segmentation established the heartbeat.
 * Judged on the rate chosen to be reported (facts.rate, ./heart/rate-choice.ts).
 */
export function rateWithheldReason(facts: HeartFacts, model: RateConfidenceModel = RATE_CONFIDENCE): string | null {
  const rate = facts.rate;
  if (heartbeatEstablished(rate, model)) return null;
  return `heart rate withheld: the heartbeat's timing was not established with confidence (periodicity ${rate.periodicity.toFixed(2)}, rhythm CV ${rate.rhythmCv.toFixed(2)}, S1 and autocorrelation rates ${Math.round(acfDisagreement(rate) * 100)} % apart, decode margin ${rate.scoreMargin.toFixed(2)}, rate drifting by ${Math.round(rate.rateDriftBpm)} bpm over the recording)`;
}
