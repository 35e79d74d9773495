import type { PresetName } from '@auscura/audio-engine';

/** §2.13/§9 volume slider: 0–100 in steps of 10; 20 per 1× of gain, so 100 is the 5× file ceiling. */
export const volumeSlider = { min: 0, max: 100, step: 10, initial: 20 } as const;

export function volumeToGain(value: number): number {
  return Math.min(Math.max(value, 0), 100) / 20;
}

/** Labels 0, 1x … 5x at every second step. */
export const volumeMarks = [0, 20, 40, 60, 80, 100].map((value) => ({
  value,
  label: value === 0 ? '0' : `${value / 20}x`,
}));

export function volumeValueText(value: number): string {
  const gain = volumeToGain(value);
  return gain === 0 ? '0' : `${gain}x`;
}

/** The presets in the order the player offers them (filter type codes in the engine's PRESETS). */
export const presetChoices: Array<{ name: PresetName; label: string }> = [
  { name: 'raw', label: 'Raw' },
  { name: 'wide', label: 'Wide' },
  { name: 'low', label: 'Low' },
  { name: 'high', label: 'High' },
];

/**
 * §2.13/§9 custom filter slider: 0–2000 Hz, step 5 up to 250 Hz and step 50 above. The slider
 * moves over the indices of these values so each key press is one step of the right size.
 */
export const customFilterValues: readonly number[] = [
  ...Array.from({ length: 250 / 5 + 1 }, (_, i) => i * 5),
  ...Array.from({ length: (2000 - 250) / 50 }, (_, i) => 300 + i * 50),
];

export function customFilterHz(index: number): number {
  const clamped = Math.min(Math.max(Math.round(index), 0), customFilterValues.length - 1);
  return customFilterValues[clamped]!;
}

/** The slider index of the nearest allowed value at or below `hz`. */
export function customFilterIndex(hz: number): number {
  let index = 0;
  customFilterValues.forEach((value, i) => {
    if (value <= hz) index = i;
  });
  return index;
}
