import { rowCentreHz } from '@auscura/audio-engine';
import type { Spectrogram } from '@auscura/audio-engine';
import type { Span } from '../../../lib/audio/playback.ts';
import { formatSeconds, xAt } from './waveform-draw.ts';

/** The vertical pixel offset of a frequency on a log axis from lowHz (bottom) to highHz (top). */
export function yOfHz(hz: number, lowHz: number, highHz: number, height: number): number {
  return height * (1 - Math.log(hz / lowHz) / Math.log(highHz / lowHz));
}

/** The frequency at a vertical pixel offset (the inverse of yOfHz). */
export function hzAtY(y: number, lowHz: number, highHz: number, height: number): number {
  return lowHz * (highHz / lowHz) ** (1 - y / height);
}

/** The spectrogram row drawn at a vertical pixel offset (row 0, the lowest frequency, at the bottom). */
export function rowAtY(y: number, rows: number, height: number): number {
  return Math.min(rows - 1, Math.max(0, Math.floor((1 - y / height) * rows)));
}

/** Round frequencies to label the axis with, within [lowHz, highHz]. */
export function frequencyTicks(lowHz: number, highHz: number): number[] {
  return [20, 50, 100, 200, 500, 1000, 2000, 4000, 8000].filter((hz) => hz >= lowHz && hz <= highHz * 1.001);
}

export function formatHz(hz: number): string {
  if (hz < 1000) return `${Math.round(hz)} Hz`;
  return `${Number((hz / 1000).toFixed(1))} kHz`;
}

/**
 * The dB span the colours cover: 80 dB down from the loudest cells (99.5th percentile, so one click does
 * not set it). Heart sounds sit some 50 dB above what a preset leaves above 300 Hz; a shorter span would
 * paint both black, and switching Wide to Low would not show.
 */
export function dbRange(s: Pick<Spectrogram, 'db' | 'floorDb'>, spanDb = 80): { minDb: number; maxDb: number } {
  const maxDb = Math.max(percentileDb(s, 0.995), s.floorDb + spanDb);
  return { minDb: maxDb - spanDb, maxDb };
}

/**
 * The dB value at quantile `q`, from a 0.1 dB histogram (sorting 200,000 cells took some 25 ms of the
 * main thread), read as the upper edge of its bin and never above the loudest cell.
 */
export function percentileDb(s: Pick<Spectrogram, 'db' | 'floorDb'>, q: number): number {
  const n = s.db.length;
  if (n === 0) return s.floorDb;
  let loudest = -Infinity;
  for (let i = 0; i < n; i++) loudest = Math.max(loudest, s.db[i]!);
  const step = 0.1;
  const bins = Math.max(1, Math.ceil((loudest - s.floorDb) / step) + 1);
  const counts = new Uint32Array(bins);
  for (let i = 0; i < n; i++) counts[Math.min(bins - 1, Math.max(0, Math.floor((s.db[i]! - s.floorDb) / step)))]! += 1;
  const rank = Math.floor(q * (n - 1));
  let seen = 0;
  for (let b = 0; b < bins; b++) {
    seen += counts[b]!;
    if (seen > rank) return Math.min(loudest, s.floorDb + (b + 1) * step);
  }
  return loudest;
}

// A perceptually ordered dark-to-bright scale (after matplotlib's "inferno"): the louder, the brighter,
// readable without colour vision too.
const stops: Array<[number, number, number]> = [
  [0, 0, 4],
  [40, 11, 84],
  [101, 21, 110],
  [159, 42, 99],
  [212, 72, 66],
  [245, 125, 21],
  [250, 193, 39],
  [252, 255, 164],
];

/** The colour of a dB value within [minDb, maxDb] as [r, g, b]. */
export function dbColor(db: number, minDb: number, maxDb: number): [number, number, number] {
  const t = Math.min(1, Math.max(0, (db - minDb) / (maxDb - minDb))) * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(t));
  const f = t - i;
  const a = stops[i]!;
  const b = stops[i + 1]!;
  return [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f];
}

/** The legend's CSS gradient (bottom: quiet, top: loud when used vertically). */
export function legendGradient(direction = 'to right'): string {
  const parts = stops.map(([r, g, b], i) => `rgb(${r} ${g} ${b}) ${((i / (stops.length - 1)) * 100).toFixed(0)}%`);
  return `linear-gradient(${direction}, ${parts.join(', ')})`;
}

/** RGBA pixels of the spectrogram, one per cell: cols wide, rows high, the highest frequency on top. */
export function spectrogramPixels(
  s: Spectrogram,
  range: { minDb: number; maxDb: number },
): Uint8ClampedArray<ArrayBuffer> {
  const pixels = new Uint8ClampedArray(s.cols * s.rows * 4);
  for (let c = 0; c < s.cols; c++) {
    for (let r = 0; r < s.rows; r++) {
      const [red, green, blue] = dbColor(s.db[c * s.rows + r]!, range.minDb, range.maxDb);
      const at = ((s.rows - 1 - r) * s.cols + c) * 4;
      pixels[at] = red;
      pixels[at + 1] = green;
      pixels[at + 2] = blue;
      pixels[at + 3] = 255;
    }
  }
  return pixels;
}

/**
 * Draws the cell image (an offscreen canvas cols × rows) stretched over the picture, faint lines at
 * the labelled frequencies, and the region (the rest dimmed). The playhead has its own canvas (use-playhead.ts).
 */
export function drawSpectrogram(
  context: CanvasRenderingContext2D,
  size: { width: number; height: number },
  image: CanvasImageSource,
  data: { lowHz: number; highHz: number; duration: number; region: Span | null },
  colors: { region: string; grid: string },
): void {
  const { width, height } = size;
  context.clearRect(0, 0, width, height);
  context.imageSmoothingEnabled = true;
  context.drawImage(image, 0, 0, width, height);
  context.strokeStyle = colors.grid;
  context.globalAlpha = 0.35;
  context.lineWidth = 1;
  context.beginPath();
  for (const hz of frequencyTicks(data.lowHz, data.highHz)) {
    const y = Math.round(yOfHz(hz, data.lowHz, data.highHz, height)) + 0.5;
    context.moveTo(0, y);
    context.lineTo(width, y);
  }
  context.stroke();
  context.globalAlpha = 1;
  if (data.region) {
    // A light wash disappears on the bright rows: dim what lies outside the region and edge it instead.
    const from = xAt(data.region.start, width, data.duration);
    const to = xAt(data.region.end, width, data.duration);
    context.fillStyle = '#000';
    context.globalAlpha = 0.55;
    context.fillRect(0, 0, from, height);
    context.fillRect(to, 0, width - to, height);
    context.globalAlpha = 1;
    context.fillStyle = colors.region;
    context.fillRect(from, 0, 2, height);
    context.fillRect(to - 2, 0, 2, height);
  }
}

/** The frequency (a row's centre) below which `fraction` of the picture's power lies. */
export function energyBelowHz(s: Spectrogram, fraction = 0.9): number {
  const perRow = new Float64Array(s.rows);
  for (let c = 0; c < s.cols; c++) for (let r = 0; r < s.rows; r++) perRow[r]! += 10 ** (s.db[c * s.rows + r]! / 10);
  const total = perRow.reduce((a, b) => a + b, 0);
  let sum = 0;
  for (let r = 0; r < s.rows; r++) {
    sum += perRow[r]!;
    if (sum >= fraction * total) return rowCentreHz(s, r);
  }
  return s.highHz;
}

/**
 * The mean power of the picture above `hz` (every column, the rows whose centre lies above it), in dB
 * re full scale: what a filter that cuts there takes away, as a number.
 */
export function levelAboveHz(s: Spectrogram, hz: number): number {
  let sum = 0;
  let cells = 0;
  for (let r = 0; r < s.rows; r++) {
    if (rowCentreHz(s, r) <= hz) continue;
    for (let c = 0; c < s.cols; c++) sum += 10 ** (s.db[c * s.rows + r]! / 10);
    cells += s.cols;
  }
  return cells > 0 && sum > 0 ? 10 * Math.log10(sum / cells) : s.floorDb;
}

/** The picture's text alternative: its axes and time resolution, where the energy lies, the level above 300 Hz. */
export function spectrogramSummary(s: Spectrogram): string {
  const frameMs = s.cols > 0 ? (s.durationSec / s.cols) * 1000 : 0;
  return `Spectrogram, ${formatHz(s.lowHz)} to ${formatHz(s.highHz)}, ${formatSeconds(s.durationSec)} in ${s.cols} frames of ${frameMs.toFixed(1)} ms; 90 % of the energy below ${formatHz(energyBelowHz(s))}; mean level above 300 Hz ${Math.round(levelAboveHz(s, 300))} dB`;
}
