import type { FilterResponse } from '@auscura/audio-engine';
import { formatHz, yOfHz } from './spectrogram-draw.ts';

/** The response chart's axes: 20 Hz–2 kHz (the presets' range) and +6 to −48 dB. */
export const responseAxis = { lowHz: 20, highHz: 2000, topDb: 6, bottomDb: -48 } as const;

/** Where the response falls 3 dB below its peak on either side (log-interpolated); null where it stays above on the grid. */
export function halfPowerPoints(r: FilterResponse): { peakDb: number; lowHz: number | null; highHz: number | null } {
  const n = r.db.length;
  let peak = 0;
  for (let i = 1; i < n; i++) if (r.db[i]! > r.db[peak]!) peak = i;
  const peakDb = r.db[peak] ?? 0;
  const level = peakDb - 3;
  const crossing = (i: number, j: number) => {
    // Between grid points i (above the level) and j (below it), on a log frequency scale.
    const t = (r.db[i]! - level) / (r.db[i]! - r.db[j]!);
    return Math.exp(Math.log(r.frequencies[i]!) + t * (Math.log(r.frequencies[j]!) - Math.log(r.frequencies[i]!)));
  };
  let lowHz: number | null = null;
  for (let i = peak; i > 0; i--)
    if (r.db[i - 1]! < level) {
      lowHz = crossing(i, i - 1);
      break;
    }
  let highHz: number | null = null;
  for (let i = peak; i < n - 1; i++)
    if (r.db[i + 1]! < level) {
      highHz = crossing(i, i + 1);
      break;
    }
  return { peakDb, lowHz, highHz };
}

/** "−3 dB at 41 Hz and 1.1 kHz (peak −0.1 dB)": the chart's text alternative. */
export function responseSummary(r: FilterResponse): string {
  const { peakDb, lowHz, highHz } = halfPowerPoints(r);
  const low = lowHz === null ? `no low cut above ${formatHz(r.frequencies[0] ?? 20)}` : `−3 dB at ${formatHz(lowHz)}`;
  const high =
    highHz === null ? `no high cut below ${formatHz(r.frequencies.at(-1) ?? 2000)}` : `−3 dB at ${formatHz(highHz)}`;
  return `${low}; ${high} (peak ${peakDb.toFixed(1)} dB)`;
}

/** The horizontal pixel offset of a frequency on the chart's log axis. */
export function responseX(hz: number, width: number): number {
  return width - yOfHz(hz, responseAxis.lowHz, responseAxis.highHz, width);
}

function responseY(db: number, height: number): number {
  const clamped = Math.min(responseAxis.topDb, Math.max(responseAxis.bottomDb, db));
  return ((responseAxis.topDb - clamped) / (responseAxis.topDb - responseAxis.bottomDb)) * height;
}

/**
 * The magnitude response against log frequency, with the heart bands shaded along the top and the
 * lung bands along the bottom (their edges as ticks), the 0 and −3 dB lines, and the curve.
 */
export function drawFilterResponse(
  context: CanvasRenderingContext2D,
  size: { width: number; height: number },
  response: FilterResponse,
  bands: { heart: ReadonlyArray<readonly [number, number]>; lungs: ReadonlyArray<readonly [number, number]> },
  colors: {
    curve: string;
    heart: [string, string];
    lungs: [string, string];
    grid: string;
    background: string;
    label: string;
  },
): void {
  const { width, height } = size;
  context.clearRect(0, 0, width, height);
  context.fillStyle = colors.background;
  context.fillRect(0, 0, width, height);
  const strip = 6;
  const shade = (list: ReadonlyArray<readonly [number, number]>, pair: [string, string], y: number) =>
    list.forEach(([low, high], i) => {
      const from = responseX(Math.max(low, responseAxis.lowHz), width);
      const to = responseX(Math.min(high, responseAxis.highHz), width);
      if (to <= from) return;
      context.fillStyle = pair[i % 2]!;
      context.fillRect(from, y, to - from, strip);
    });
  shade(bands.heart, colors.heart, 0);
  shade(bands.lungs, colors.lungs, height - strip);
  context.strokeStyle = colors.grid;
  context.lineWidth = 1;
  context.beginPath();
  for (const db of [0, -3, -24]) {
    const y = Math.round(responseY(db, height)) + 0.5;
    context.moveTo(0, y);
    context.lineTo(width, y);
  }
  for (const hz of [50, 100, 200, 500, 1000]) {
    const x = Math.round(responseX(hz, width)) + 0.5;
    context.moveTo(x, strip);
    context.lineTo(x, height - strip);
  }
  context.stroke();
  context.fillStyle = colors.label;
  context.font = '10px sans-serif';
  context.textAlign = 'right';
  for (const db of [0, -24]) context.fillText(`${db} dB`, width - 3, responseY(db, height) + (db === 0 ? -3 : 11));
  context.strokeStyle = colors.curve;
  context.lineWidth = 2;
  context.beginPath();
  for (let i = 0; i < response.frequencies.length; i++) {
    const x = responseX(response.frequencies[i]!, width);
    const y = responseY(response.db[i]!, height);
    if (i === 0) context.moveTo(x, y);
    else context.lineTo(x, y);
  }
  context.stroke();
}
