import type { Span } from '../../../lib/audio/playback.ts';

export type WaveformColors = {
  wave: string;
  noisy: string;
  clean: string;
  region: string;
  background: string;
  murmur: string;
};

/** Height of the noise-quality strip along the top edge, in CSS pixels. */
const bandHeight = 6;

/**
 * Draws the peaks (scaled to the loudest), the noise-quality band with its noisy slices shaded
 * through the whole height, the segments the murmur detector heard a murmur in (a strip along the
 * bottom edge, lightly shaded above it), and the region. `width`/`height` are CSS pixels; the context is
 * already scaled for the device pixel ratio.
 */
export function drawWaveform(
  context: CanvasRenderingContext2D,
  size: { width: number; height: number },
  data: {
    peaks: Float32Array;
    duration: number;
    noisy: Array<[number, number]>;
    hasNoiseRecord: boolean;
    region: Span | null;
    murmur?: Array<[number, number]>;
  },
  colors: WaveformColors,
): void {
  const { width, height } = size;
  const toX = (time: number) => xAt(time, width, data.duration);
  context.clearRect(0, 0, width, height);
  context.fillStyle = colors.background;
  context.fillRect(0, 0, width, height);

  if (data.hasNoiseRecord) {
    context.fillStyle = colors.clean;
    context.fillRect(0, 0, width, bandHeight);
  }
  for (const [start, end] of data.noisy) {
    const x = toX(start);
    const w = Math.max(1, toX(end) - x);
    context.fillStyle = colors.noisy;
    context.fillRect(x, 0, w, bandHeight);
    context.globalAlpha = 0.15;
    context.fillRect(x, bandHeight, w, height - bandHeight);
    context.globalAlpha = 1;
  }
  for (const [start, end] of data.murmur ?? []) {
    const x = toX(start);
    const w = Math.max(1, toX(end) - x);
    context.fillStyle = colors.murmur;
    context.fillRect(x, height - bandHeight, w, bandHeight);
    context.globalAlpha = 0.12;
    context.fillRect(x, bandHeight, w, height - 2 * bandHeight);
    context.globalAlpha = 1;
  }
  if (data.region) {
    context.fillStyle = colors.region;
    context.globalAlpha = 0.25;
    context.fillRect(
      toX(data.region.start),
      bandHeight,
      toX(data.region.end) - toX(data.region.start),
      height - bandHeight,
    );
    context.globalAlpha = 1;
  }

  const buckets = data.peaks.length / 2;
  const loudest = Math.max(1e-9, amplitudePercentile(data.peaks, 0.99));
  const middle = bandHeight + (height - bandHeight) / 2;
  const half = (height - bandHeight) / 2 - 2;
  const scale = half / loudest;
  context.strokeStyle = colors.wave;
  context.lineWidth = 1;
  context.beginPath();
  for (let x = 0; x < width; x++) {
    const from = Math.floor((x / width) * buckets);
    const to = Math.max(from + 1, Math.floor(((x + 1) / width) * buckets));
    let min = 0;
    let max = 0;
    for (let b = from; b < to && b < buckets; b++) {
      min = Math.min(min, data.peaks[2 * b]!);
      max = Math.max(max, data.peaks[2 * b + 1]!);
    }
    context.moveTo(x + 0.5, middle - Math.min(max * scale, half));
    context.lineTo(x + 0.5, middle - Math.max(min * scale, -half) + 1);
  }
  context.stroke();
}

/**
 * The bucket amplitude at quantile `q`: the scale of the drawing. Scaling to the single loudest
 * bucket lets one click or the filter's start-up transient flatten everything else.
 */
export function amplitudePercentile(peaks: Float32Array, q: number): number {
  const amplitudes = new Float32Array(peaks.length / 2);
  for (let b = 0; b < amplitudes.length; b++) amplitudes[b] = Math.max(-peaks[2 * b]!, peaks[2 * b + 1]!);
  amplitudes.sort();
  return amplitudes[Math.min(amplitudes.length - 1, Math.floor(q * (amplitudes.length - 1)))] ?? 0;
}

/**
 * The horizontal pixel offset of a time: the one time axis of the waveform, the spectrogram, the
 * analysis band and the playhead (timeAt is its inverse).
 */
export function xAt(time: number, width: number, duration: number): number {
  return duration > 0 ? (time / duration) * width : 0;
}

/** Seconds under a horizontal pixel offset, clamped to the recording. */
export function timeAt(offsetX: number, width: number, duration: number): number {
  if (width <= 0) return 0;
  return Math.min(Math.max((offsetX / width) * duration, 0), duration);
}

export function formatSeconds(seconds: number): string {
  return `${seconds.toFixed(1)} s`;
}
