import { analyzeRecording, decodeWav, toMono } from '@auscura/audio-engine';
import type { Engine, RecordingAnalysis, VariantName } from '@auscura/audio-engine';
import type { diagnosisCodes as contractDiagnosisCodes, NoiseQualityRecord } from '@auscura/contracts';

/** What processing one recording yields; the worker stores the variants, the main thread the rest. */
export type ProcessedRecording = {
  sampleRate: number;
  durationSec: number;
  variants: Record<VariantName, Uint8Array>;
  noiseQualityRecord: NoiseQualityRecord;
  heartrateBpm: number;
  heartbeatPresent: boolean;
  heartbeatNormal: boolean;
  diagnosis: -1 | 0 | 1 | 2;
  report: { reportMarkdown: string; statistics: Record<string, string | number | null>[] };
};

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

const round = (value: number, digits = 3) => (Number.isFinite(value) ? Number(value.toFixed(digits)) : null);

/**
 * Decode → analysis and variants (the audio engine's processUpload) → WAV files and the report.
 * Pure apart from the engine, so the worker and the tests run exactly the same code.
 */
export function processRecording(engine: Engine, bytes: Uint8Array): ProcessedRecording {
  const wav = decodeWav(bytes);
  const samples = toMono(wav.channels);
  // processUpload's analysis and variants, with the variants encoded to PCM 16 inside the engine
  // (the same bytes as the engine's encodeWav(…, 'pcm16'); the engine's tests check it).
  const analysis = analyzeRecording(engine, samples, wav.sampleRate);
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
    heartrateBpm: Number.isFinite(heart.heartRateBpm) ? heart.heartRateBpm : 0,
    heartbeatPresent: heart.heartbeatPresent,
    heartbeatNormal: heart.heartbeatNormal,
    diagnosis: diagnosisCodes[heart.diagnosis],
    report: buildReport(analysis),
  };
}

const diagnosisTexts: Record<string, string> = {
  ERROR: 'Error: the analysis did not produce a finite result.',
  INSUFFICIENT_DATA: 'Insufficient data for an automated reading.',
  NORMAL: 'Normal rate and rhythm.',
  ABNORMAL: 'Abnormal rate or rhythm.',
};

/** The report's markdown (plain text and a table; the web app renders it without HTML). */
export function buildReport(analysis: RecordingAnalysis): ProcessedRecording['report'] {
  const heart = analysis.heart;
  const states = ['S1', 'systole', 'S2', 'diastole'] as const;
  const statistics = states.map((state) => ({
    segment: state,
    count: heart.stats[state].count,
    meanDurationSec: round(heart.stats[state].meanSec),
    sdDurationSec: round(heart.stats[state].sdSec),
    meanLevel: round(heart.stats[state].meanLevel),
  }));
  const noisyPercent = Math.round(analysis.noisyShare * 100);
  const lines = [
    '# Automated auscultation report',
    '',
    `**Result:** ${diagnosisTexts[heart.diagnosis] ?? heart.diagnosis}`,
    '',
    `- Heart rate: ${heart.heartRateBpm > 0 && Number.isFinite(heart.heartRateBpm) ? `${heart.heartRateBpm.toFixed(1)} bpm` : 'not found'}`,
    `- Heartbeat present: ${heart.heartbeatPresent ? 'yes' : 'no'}`,
    `- Rhythm variation (CV of S1–S1 intervals): ${round(heart.rhythmCv, 3) ?? 'n/a'}`,
    `- Recording: ${analysis.durationSec.toFixed(1)} s at ${analysis.sampleRate} Hz, ${noisyPercent} % noisy seconds`,
    `- Level: peak ${round(analysis.levels.peakDb, 1) ?? 'n/a'} dBFS, RMS ${round(analysis.levels.rmsDb, 1) ?? 'n/a'} dBFS`,
    ...(heart.reasons.length ? ['', '## Notes', '', ...heart.reasons.map((reason) => `- ${reason}`)] : []),
    '',
    '## Segments',
    '',
    '| Segment | Count | Mean duration (s) | SD (s) |',
    '| --- | --- | --- | --- |',
    ...statistics.map(
      (s) => `| ${s.segment} | ${s.count} | ${s.meanDurationSec ?? 'n/a'} | ${s.sdDurationSec ?? 'n/a'} |`,
    ),
    '',
    'Rate and rhythm only: there is no murmur detector. Not a diagnosis.',
  ];
  return { reportMarkdown: lines.join('\n'), statistics };
}
