// Public API shared by every host. Host-specific entries: ./node, ./worker, ./worklets/*.
// engine.js also re-exports filters.js and spectrogram.js (spectrogram and filter-response shapes,
// spectrogramRange, logGrid, HEART_BANDS, LUNG_BANDS). The regression report (regress-report.ts)
// is Node-only and reached through the CLI, not from here.
export * from './engine.js';
export * from './presets.js';
export * from './wav.js';
export * from './heart/analyze.js';
export * from './heart/annotations.js';
export * from './heart/diagnosis.js';
export * from './heart/rate-ranges.js';
export * from './heart/rhythm.js';
export { detectMurmur, murmurStatus, MIN_MURMUR_CYCLES, MURMUR_MODEL } from './murmur/detect.js';
export type {
  MurmurModel,
  MurmurPattern,
  MurmurPhase,
  MurmurShape,
  MurmurStatus,
  MurmurTiming,
} from './murmur/detect.js';
export { formatMurmur, timingShapeText, timingText } from './murmur/describe.js';
export * from './analysis.js';
export * from './compare.js';
export * from './quality.js';
export { lungNoiseQuality, LUNG_ABOVE_BREATH_DB, LUNG_BURST_DB } from './lung-noise.js';
export * from './capture.js';
