import { bestAlignment, refineAlignment, toneAmplitude } from '@auscura/audio-engine';
import type { BiquadSpec, Engine } from '@auscura/audio-engine';
import { loadEngine } from '@auscura/audio-engine/node';

/**
 * The measures of the stethoscope bench, on the engine's maths: tone amplitudes (its Hann-windowed
 * single-frequency DFT), a 20–1000 Hz band-pass (its biquads), band correlation after alignment (its
 * correlation), and click onsets.
 */

let loaded: Engine | undefined;
const engine = () => (loaded ??= loadEngine());

/** Butterworth sections (Q = 1/√2, which Web Audio and the engine take in dB). */
const butterworthDb = 20 * Math.log10(Math.SQRT1_2);
const highPass: BiquadSpec = { type: 'highpass', frequency: 20, q: butterworthDb };
const lowPass: BiquadSpec = { type: 'lowpass', frequency: 1000, q: butterworthDb };

/** 20–1000 Hz through the engine's biquads: two second-order high-passes at 20 Hz and two low-passes at 1000 Hz. */
function bandPass(x: Float32Array, sampleRate: number): Float32Array {
  return engine().filter(x, sampleRate, [highPass, highPass, lowPass, lowPass]);
}

/**
 * Pearson's r of a received signal with the looping source, both band-passed 20–1000 Hz, in windows
 * of `windowSeconds`, each aligned on its own (found on millisecond means, then sample by sample).
 * Window by window because the receiver's jitter buffer (WebRTC's NetEq) stretches and shortens the
 * audio to follow the network, which moves the alignment without changing what is heard. The first
 * half second of the filtered signal is left out (the filters settle). Answers every window's r.
 */
export function bandCorrelations(
  source: Float32Array,
  received: Float32Array,
  sampleRate: number,
  windowSeconds = 2,
): number[] {
  const settle = Math.round(sampleRate / 2);
  const s = bandPass(source, sampleRate);
  const r = bandPass(received, sampleRate).subarray(settle);
  const length = Math.round(windowSeconds * sampleRate);
  const block = Math.max(8, Math.round(sampleRate / 1000));
  const values: number[] = [];
  for (let at = 0; at + length <= r.length; at += length) {
    const piece = r.subarray(at, at + length);
    const coarse = bestAlignment(s, piece, block);
    values.push(refineAlignment(s, piece, coarse.lag, 2 * block).correlation);
  }
  return values;
}

/**
 * Each tone's amplitude in the loud stretches of `x` (the tones part of the loop, found by its
 * level in 50 ms frames), as the median over 1 s windows: a window where the jitter buffer cut or
 * repeated a piece of the wave reads low, the median does not.
 */
export function toneAmplitudes(x: Float32Array, sampleRate: number, frequencies: number[], level: number): number[] {
  const frame = Math.round(sampleRate * 0.05);
  const loud: boolean[] = [];
  for (let at = 0; at + frame <= x.length; at += frame) {
    let energy = 0;
    for (let i = at; i < at + frame; i++) energy += x[i]! * x[i]!;
    loud.push(Math.sqrt(energy / frame) >= level);
  }
  const windows: Float32Array[] = [];
  const second = sampleRate;
  for (let f = 0; f < loud.length;) {
    if (!loud[f]) {
      f++;
      continue;
    }
    let end = f;
    while (end < loud.length && loud[end]) end++;
    // Half a second off each end of the stretch (fades, the jitter buffer's edges).
    const from = f * frame + second / 2;
    const to = end * frame - second / 2;
    for (let at = from; at + second <= to; at += second) windows.push(x.subarray(at, at + second));
    f = end;
  }
  return frequencies.map((frequency) => median(windows.map((window) => toneAmplitude(window, sampleRate, frequency))));
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/**
 * Times (s, into `x`) where a click starts: the first sample above a tenth of `threshold` after at
 * least `quietSeconds` below it, when the signal then passes `threshold` within 5 ms.
 */
export function clickOnsets(x: Float32Array, sampleRate: number, threshold: number, quietSeconds = 0.3): number[] {
  const quiet = Math.round(quietSeconds * sampleRate);
  const rise = Math.round(0.005 * sampleRate);
  const onsets: number[] = [];
  let quietStart = 0;
  let candidate = -1;
  for (let i = 0; i < x.length; i++) {
    const v = Math.abs(x[i]!);
    if (v < threshold / 10) {
      if (quietStart < 0) quietStart = i;
      if (candidate >= 0 && i - candidate > rise) candidate = -1;
      continue;
    }
    if (quietStart >= 0 && i - quietStart >= quiet) candidate = i;
    quietStart = -1;
    if (candidate >= 0 && v >= threshold && i - candidate <= rise) {
      onsets.push(candidate / sampleRate);
      candidate = -1;
    }
  }
  return onsets;
}
