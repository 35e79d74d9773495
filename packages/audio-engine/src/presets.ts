// Playback presets and display filters from clinician-portal §2.13 and §9.

export type PresetName = 'wide' | 'low' | 'high' | 'raw';

/** Web Audio DynamicsCompressorNode parameters: dB, dB, ratio, seconds, seconds. */
export interface CompressorSettings {
  threshold: number;
  knee: number;
  ratio: number;
  attack: number;
  release: number;
}

export interface FilterPreset {
  /** Filter type code used by the API and the stored auscultation (§2.13). */
  code: 1 | 2 | 3 | 4;
  /** High-pass cut-off in Hz, or null for none. */
  highPassHz: number | null;
  /** Low-pass cut-off in Hz, or null for none. */
  lowPassHz: number | null;
  compressor: CompressorSettings;
}

// The compressor values are the spec's; Chromium clamps each AudioParam to its nominal range
// (release 0–1 s), so raw's release of 8.5 s acts as 1 s in the browser and in the engine alike.
export const PRESETS: Readonly<Record<PresetName, FilterPreset>> = {
  wide: {
    code: 1,
    highPassHz: 35,
    lowPassHz: 1200,
    compressor: { threshold: -30, knee: 24, ratio: 14, attack: 0, release: 1 },
  },
  low: {
    code: 2,
    highPassHz: 35,
    lowPassHz: 200,
    compressor: { threshold: -30, knee: 25, ratio: 16, attack: 0, release: 1 },
  },
  high: {
    code: 3,
    highPassHz: 600,
    lowPassHz: 1000,
    compressor: { threshold: -30, knee: 35, ratio: 15, attack: 0, release: 1 },
  },
  raw: {
    code: 4,
    highPassHz: null,
    lowPassHz: null,
    compressor: { threshold: -90, knee: 37, ratio: 18, attack: 0.9, release: 8.5 },
  },
};

export const PRESET_NAMES = Object.keys(PRESETS) as PresetName[];

/**
 * Q of the preset's high- and low-pass sections. The spec gives none, so the sections use the
 * BiquadFilterNode default (Q = 1, which the Web Audio spec reads in dB for these two types).
 */
export const PRESET_Q_DB = 1;

/** Custom filter limits (§2.13): accepted frequencies 0–20000 Hz; the low cut never passes the high cut. */
export const CUSTOM_MIN_HZ = 0;
export const CUSTOM_MAX_HZ = 20000;

export interface CustomFilter {
  lowCutHz: number;
  highCutHz: number;
}

/** Checks a custom filter; throws RangeError with the reason (the player logs it and ignores the value). */
export function validateCustomFilter(f: CustomFilter): CustomFilter {
  for (const [name, v] of [
    ['low cut', f.lowCutHz],
    ['high cut', f.highCutHz],
  ] as const) {
    if (!Number.isFinite(v) || v < CUSTOM_MIN_HZ || v > CUSTOM_MAX_HZ) {
      throw new RangeError(`Custom filter ${name} ${v} Hz is outside ${CUSTOM_MIN_HZ}–${CUSTOM_MAX_HZ} Hz`);
    }
  }
  if (f.lowCutHz > f.highCutHz) {
    throw new RangeError(`Custom filter low cut ${f.lowCutHz} Hz is above the high cut ${f.highCutHz} Hz`);
  }
  return f;
}

/** The custom filter keeps the wide band's compressor (the spec names none for it). */
export function customPreset(f: CustomFilter): FilterPreset {
  validateCustomFilter(f);
  return { code: 1, highPassHz: f.lowCutHz, lowPassHz: f.highCutHz, compressor: PRESETS.wide.compressor };
}

/** Gain ceilings (§9): 5× for file playback, 20× for the live stream. */
export const MAX_GAIN_FILE = 5;
export const MAX_GAIN_LIVE = 20;

/** Waveform display filters (§9). */
export const DISPLAY_FILTERS = {
  /** Heart-sound band-pass centred on 117.5 Hz, linear Q 4.31. */
  heart: { frequencyHz: 117.5, q: 4.31 },
  /** Low-pass: five cascaded sections, Q 0.707 (Web Audio semantics: dB). */
  lowpass: { sections: 5, q: 0.707 },
  /** High-pass: one section, Q 0.707 (dB). */
  highpass: { sections: 1, q: 0.707 },
} as const;
