// Spectrogram and filter-response shapes and their axes (the math runs in WASM:
// assembly/analysis/spectrogram.ts and cascadeResponse in assembly/filters/biquad.ts).
import type { RecordingSite } from './analysis.js';

/** Options of Engine.spectrogram. Every field has a default. */
export interface SpectrogramOptions {
  /** Lower edge of the bottom row in Hz. Default 20. */
  lowHz?: number;
  /** Upper edge of the top row in Hz, capped at Nyquist. Default 2000 (a heart point). */
  highHz?: number;
  /** Frequency rows, log-spaced from lowHz to highHz. Default 128. */
  rows?: number;
  /** Time columns over the whole signal. Default 600. */
  cols?: number;
  /** FFT length, a power of two. Default: the power of two nearest 100 ms (4096 at 44.1 kHz, 512 at 4 kHz). */
  fftSize?: number;
}

/** A picture-sized spectrogram: dB re a full-scale sine, floored at floorDb. */
export interface Spectrogram {
  sampleRate: number;
  durationSec: number;
  lowHz: number;
  highHz: number;
  rows: number;
  cols: number;
  fftSize: number;
  floorDb: number;
  /**
   * cols × rows values, column after column: db[c * rows + r]; row 0 is the lowest frequency.
   * Column c covers the time [c, c + 1) × durationSec / cols; row r spans
   * lowHz × (highHz / lowHz)^([r, r + 1) / rows) (rowCentreHz, rowOf).
   */
  db: Float32Array;
}

/** Sizes the spectrogram accepts (a picture, not a full STFT). */
export const SPECTROGRAM_LIMITS = { maxRows: 1024, maxCols: 8192, minFft: 64, maxFft: 65536 } as const;

/** The frequency axis of a point's spectrogram: 20 Hz–2 kHz at the heart, 20 Hz–4 kHz at the lungs, within Nyquist. */
export function spectrogramRange(site: RecordingSite, sampleRate: number): { lowHz: number; highHz: number } {
  return { lowHz: 20, highHz: Math.min(site === 'lungs' ? 4000 : 2000, sampleRate / 2) };
}

/** The power of two nearest (on a log scale) to 100 ms of samples. */
export function defaultFftSize(sampleRate: number): number {
  const n = 2 ** Math.round(Math.log2(sampleRate / 10));
  return Math.min(SPECTROGRAM_LIMITS.maxFft, Math.max(SPECTROGRAM_LIMITS.minFft, n));
}

/** The geometric centre of row `r` in Hz. */
export function rowCentreHz(s: Pick<Spectrogram, 'lowHz' | 'highHz' | 'rows'>, r: number): number {
  return s.lowHz * (s.highHz / s.lowHz) ** ((r + 0.5) / s.rows);
}

/** The row holding frequency `hz` (may fall outside 0…rows-1 when hz is off the axis). */
export function rowOf(s: Pick<Spectrogram, 'lowHz' | 'highHz' | 'rows'>, hz: number): number {
  return Math.floor((Math.log(hz / s.lowHz) / Math.log(s.highHz / s.lowHz)) * s.rows);
}

/** `points` frequencies spaced evenly on a log scale from lowHz to highHz inclusive. */
export function logGrid(lowHz = 20, highHz = 2000, points = 200): Float64Array {
  const g = new Float64Array(points);
  for (let i = 0; i < points; i++) g[i] = lowHz * (highHz / lowHz) ** (points === 1 ? 0 : i / (points - 1));
  return g;
}

/** A filter's magnitude response: dB at each frequency (Hz). */
export interface FilterResponse {
  frequencies: Float64Array;
  db: Float32Array;
}

/** Bands marked on the filter response and used by the regression report (Hz). */
export const HEART_BANDS = [
  [20, 200],
  [200, 600],
  [600, 2000],
] as const satisfies readonly (readonly [number, number])[];

/**
 * Lung bands: below 150 Hz heart and muscle sounds bleed in; 150–600 Hz holds normal breath
 * sounds; 600–2000 Hz wheezes and crackles; above 2 kHz (where the recording reaches it) only
 * crackles' edges and noise.
 */
export const LUNG_BANDS = [
  [20, 150],
  [150, 600],
  [600, 2000],
  [2000, 4000],
] as const satisfies readonly (readonly [number, number])[];
