// The WASM module's exports. Every stage lives in its own module; the host (src/engine.ts)
// calls these with pointers into linear memory that it allocates once and reuses.
export { alloc, free } from './util/memory';
export {
  cascadeNew,
  cascadeFree,
  cascadeCount,
  cascadeClear,
  cascadeReset,
  cascadeAdd,
  cascadeProcess,
  cascadeResponse,
} from './filters/biquad';
export {
  compressorNew,
  compressorFree,
  compressorReset,
  compressorSetParams,
  compressorReduction,
  compressorLatency,
  compressorProcess,
} from './dynamics/compressor';
export { gainApply, peakDb, rmsDb } from './levels/gain';
export { peaks } from './waveform/peaks';
export { resample, resampledLength } from './waveform/resample';
export {
  noiseDetectorNew,
  noiseDetectorFree,
  noiseDetectorPush,
  noiseDetectorBad,
  noiseDetectorScore,
  noiseSlices,
} from './analysis/noise';
export { waveletDenoise, waveletLevels } from './variants/wavelet';
export { normalizeTo, silenceGate, savitzkyGolay } from './variants/normalize';
export { heartAnalyze, heartResultFree } from './analysis/heart/analyze';
export { cascade4Simd } from './filters/simd';
export { toPcm16 } from './util/pcm';
export { spectrumDb } from './analysis/spectrum';
export { spectrogram, spectrogramFloorDb } from './analysis/spectrogram';
export { convLayer } from './analysis/conv';
