// The upload pipeline's analysis of one recording: levels, noise quality, and — for heart points —
// the heart analysis (rate, rhythm, segments, murmur, diagnosis).
import type { Engine, VariantName } from './engine.js';
import { analyzeHeart, type HeartAnalysis } from './heart/analyze.js';
import { runHeartAnalysis, type HeartRecord } from './heart/result.js';
import { lungNoiseQuality } from './lung-noise.js';

/** The kind of auscultation point a recording comes from. */
export type RecordingSite = 'heart' | 'lungs' | 'other';

export interface AnalysisOptions {
  /**
   * The auscultation point's kind. The heart analysis runs for 'heart' (the default) and 'other'
   * (analysed as a heart recording, and said so), never for 'lungs': breath sounds have no heart
   * rate, and a wheeze's periodicity read as one (31 bpm) is an alarm for nothing.
   */
  site?: RecordingSite;
  /** The patient's age at the recording in whole months, for the rate's normal range (null: unknown). */
  ageMonths?: number | null;
}

export interface RecordingAnalysis {
  sampleRate: number;
  durationSec: number;
  site: RecordingSite;
  levels: { peakDb: number; rmsDb: number };
  /** 0/1 per 1000 ms slice; at lung points judged as a lung recording (./lung-noise.ts). */
  noiseSlices: number[];
  /** Share of noisy slices (0–1). */
  noisyShare: number;
  /** The heart analysis; null for lung recordings. */
  heart: HeartAnalysis | null;
}

/**
 * The noise-quality flags (one per second, 1 = noisy) of a recording made at a point of this type.
 * Breath sounds are continuous, which the heart criterion reads as noise: lung points get their own.
 * The server's analysis and the recording pages (the worker's noiseQuality) both use this.
 */
export function noiseFlags(engine: Engine, samples: Float32Array, sampleRate: number, site: RecordingSite = 'heart') {
  return site === 'lungs' ? lungNoiseQuality(engine, samples, sampleRate) : engine.noiseQuality(samples, sampleRate);
}

function noise(engine: Engine, samples: Float32Array, sampleRate: number, site: RecordingSite = 'heart') {
  const slices = Array.from(noiseFlags(engine, samples, sampleRate, site));
  return { slices, noisyShare: slices.length ? slices.reduce((a, b) => a + b, 0) / slices.length : 0 };
}

export function analyzeRecording(
  engine: Engine,
  samples: Float32Array,
  sampleRate: number,
  options: AnalysisOptions = {},
): RecordingAnalysis {
  const site = options.site ?? 'heart';
  const { slices, noisyShare } = noise(engine, samples, sampleRate, site);
  return {
    sampleRate,
    durationSec: samples.length / sampleRate,
    site,
    levels: engine.levels(samples),
    noiseSlices: slices,
    noisyShare,
    heart:
      site === 'lungs' ? null : analyzeHeart(engine, samples, sampleRate, { noisyShare, ageMonths: options.ageMonths }),
  };
}

/** What the murmur detector's training reads of one recording: exactly what analyzeRecording computes. */
export function heartInputs(
  engine: Engine,
  samples: Float32Array,
  sampleRate: number,
): { record: HeartRecord; noisyShare: number; durationSec: number } {
  return {
    record: runHeartAnalysis(engine, samples, sampleRate),
    noisyShare: noise(engine, samples, sampleRate).noisyShare,
    durationSec: samples.length / sampleRate,
  };
}

/** Everything the upload pipeline stores: the analysis and the four variants. */
export function processUpload(
  engine: Engine,
  samples: Float32Array,
  sampleRate: number,
  options: AnalysisOptions = {},
): { analysis: RecordingAnalysis; variants: Record<VariantName, Float32Array> } {
  return {
    analysis: analyzeRecording(engine, samples, sampleRate, options),
    variants: engine.variants(samples, sampleRate),
  };
}
