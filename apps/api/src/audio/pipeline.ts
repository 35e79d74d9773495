import { analyzeRecording, decodeWav, toMono } from '@auscura/audio-engine';
import type { Engine, RecordingSite, VariantName } from '@auscura/audio-engine';
import type { diagnosisCodes as contractDiagnosisCodes, NoiseQualityRecord } from '@auscura/contracts';
import { buildReport, type Report } from './report.js';

/** What processing one recording yields; the worker stores the variants, the main thread the rest. */
export type ProcessedRecording = {
  sampleRate: number;
  durationSec: number;
  variants: Record<VariantName, Uint8Array>;
  noiseQualityRecord: NoiseQualityRecord;
  /** Null for lung recordings: they get no heart analysis. */
  heartrateBpm: number | null;
  heartbeatPresent: boolean | null;
  heartbeatNormal: boolean | null;
  diagnosis: -1 | 0 | 1 | 2 | null;
  report: Report;
};

/** Where the recording was taken and how old the patient was: the heart analysis depends on both. */
export type RecordingContext = { site: RecordingSite; ageMonths: number | null };

// The contract's codes, repeated as a type-checked copy: importing the contracts package would
// load zod and every schema into the worker thread.
const diagnosisCodes = {
  ERROR: -1,
  INSUFFICIENT_DATA: 0,
  NORMAL: 1,
  ABNORMAL: 2,
} as const satisfies typeof contractDiagnosisCodes;

/** Noise quality slices of Engine.noiseQuality are one second long. */
const NOISE_SLICE_MS = 1000;

/**
 * Decode → analysis and variants (the audio engine's processUpload) → WAV files and the report.
 * Pure apart from the engine, so the worker and the tests run exactly the same code.
 */
export function processRecording(
  engine: Engine,
  bytes: Uint8Array,
  context: RecordingContext = { site: 'heart', ageMonths: null },
): ProcessedRecording {
  const wav = decodeWav(bytes);
  const samples = toMono(wav.channels);
  // processUpload's analysis and variants, with the variants encoded to PCM 16 inside the engine
  // (the same bytes as the engine's encodeWav(…, 'pcm16'); the engine's tests check it).
  const analysis = analyzeRecording(engine, samples, wav.sampleRate, context);
  const encoded = engine.variantsPcm16(samples, wav.sampleRate);
  const heart = analysis.heart;
  return {
    sampleRate: wav.sampleRate,
    durationSec: analysis.durationSec,
    variants: encoded,
    noiseQualityRecord: {
      unit: NOISE_SLICE_MS,
      record: analysis.noiseSlices.map((flag) => (flag ? 1 : 0)),
    },
    heartrateBpm: heart ? (Number.isFinite(heart.heartRateBpm) ? heart.heartRateBpm : 0) : null,
    heartbeatPresent: heart ? heart.heartbeatPresent : null,
    heartbeatNormal: heart ? heart.heartbeatNormal : null,
    diagnosis: heart ? diagnosisCodes[heart.diagnosis] : null,
    report: buildReport(analysis),
  };
}
