// Biquad section specs for presets, custom bands and the waveform display filters.
import {
  DISPLAY_FILTERS,
  PRESETS,
  PRESET_Q_DB,
  customPreset,
  type CustomFilter,
  type FilterPreset,
  type PresetName,
} from './presets.js';

export const BIQUAD = { lowpass: 0, highpass: 1, bandpass: 2, bypass: 3 } as const;
export type BiquadType = keyof typeof BIQUAD;

export interface BiquadSpec {
  type: BiquadType;
  frequency: number;
  /** dB for lowpass/highpass, linear for bandpass (Web Audio semantics). */
  q: number;
}

/** The biquad sections of a preset: high-pass then low-pass, each with the BiquadFilterNode default Q. */
export function presetSections(preset: FilterPreset): BiquadSpec[] {
  const s: BiquadSpec[] = [];
  if (preset.highPassHz !== null) s.push({ type: 'highpass', frequency: preset.highPassHz, q: PRESET_Q_DB });
  if (preset.lowPassHz !== null) s.push({ type: 'lowpass', frequency: preset.lowPassHz, q: PRESET_Q_DB });
  return s;
}

export type DisplayFilter =
  { kind: 'heart' } | { kind: 'lowpass'; cutoffHz: number } | { kind: 'highpass'; cutoffHz: number };

export function displaySections(f: DisplayFilter): BiquadSpec[] {
  if (f.kind === 'heart')
    return [{ type: 'bandpass', frequency: DISPLAY_FILTERS.heart.frequencyHz, q: DISPLAY_FILTERS.heart.q }];
  const d = DISPLAY_FILTERS[f.kind];
  return Array.from({ length: d.sections }, () => ({ type: f.kind, frequency: f.cutoffHz, q: d.q }));
}

export interface ChainOptions {
  preset?: PresetName;
  /** The table `preset` is read from. Default PRESETS (a test injects a changed copy). */
  presets?: Readonly<Record<PresetName, FilterPreset>>;
  /** Overrides `preset`'s filters with a validated custom band (keeps the wide compressor). */
  custom?: CustomFilter;
  /** Linear gain after the compressor, clamped to [0, maxGain]. Default 1. */
  gain?: number;
  /** Gain ceiling: 5 for files (default), 20 for the live stream (§9). */
  maxGain?: number;
  /** Skip the compressor (waveform display, analysis). Default false. */
  bypassCompressor?: boolean;
  /** Largest block process() is called with. Default 128 (one render quantum). */
  maxBlock?: number;
}

export function resolvePreset(o: ChainOptions): FilterPreset {
  return o.custom ? customPreset(o.custom) : (o.presets ?? PRESETS)[o.preset ?? 'raw'];
}
