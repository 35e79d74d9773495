import type { NoiseQualityRecord } from '@auscura/contracts';

/** A recording made in the Auscultate step, waiting for Review. */
export type Recorded = {
  samples: Float32Array;
  sampleRate: number;
  deviceLabel: string;
  noiseQualityRecord: NoiseQualityRecord;
};

/** exams-and-devices §9: noise quality is sampled every 1000 ms. */
export const noiseQualityUnitMs = 1000;

/** The engine's per-slice flags (1 = noisy) as the upload's record. */
export function toNoiseQualityRecord(flags: Uint8Array): NoiseQualityRecord {
  return { unit: noiseQualityUnitMs, record: Array.from(flags, (flag) => (flag ? 1 : 0)) };
}
