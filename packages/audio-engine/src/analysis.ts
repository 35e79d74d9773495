// The upload pipeline's analysis of one recording: variants + noise quality + heart analysis.
import type { Engine, VariantName } from './engine.js';
import { analyzeHeart, type HeartAnalysis } from './heart/analyze.js';

export interface RecordingAnalysis {
  sampleRate: number;
  durationSec: number;
  levels: { peakDb: number; rmsDb: number };
  /** 0/1 per 1000 ms slice. */
  noiseSlices: number[];
  /** Share of noisy slices (0–1). */
  noisyShare: number;
  heart: HeartAnalysis;
}

export function analyzeRecording(engine: Engine, samples: Float32Array, sampleRate: number): RecordingAnalysis {
  const slices = Array.from(engine.noiseQuality(samples, sampleRate));
  const noisyShare = slices.length ? slices.reduce((a, b) => a + b, 0) / slices.length : 0;
  return {
    sampleRate,
    durationSec: samples.length / sampleRate,
    levels: engine.levels(samples),
    noiseSlices: slices,
    noisyShare,
    heart: analyzeHeart(engine, samples, sampleRate, noisyShare),
  };
}

/** Everything the upload pipeline stores: the analysis and the four variants. */
export function processUpload(
  engine: Engine,
  samples: Float32Array,
  sampleRate: number,
): { analysis: RecordingAnalysis; variants: Record<VariantName, Float32Array> } {
  return { analysis: analyzeRecording(engine, samples, sampleRate), variants: engine.variants(samples, sampleRate) };
}
