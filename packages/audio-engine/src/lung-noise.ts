// Noise quality at lung points (issue 35: "breath sounds are not noise"). The heart criterion
// (assembly/analysis/noise.ts) calls a second noisy when the floor between sounds is filled in, and
// breath sounds are continuous by nature, so it paints normal breathing 91–94 % noisy. At a lung
// point the breath IS the signal: what interferes with it comes in bursts that stand out of it —
// a voice's syllables, footsteps, the chest piece rubbing — where breath sounds rise and fall
// smoothly over a breath of 2–5 s (vesicular sounds: inspiration louder than expiration, no
// abrupt onsets; Bohadana, Izbicki & Kraman, NEJM 2014, "Fundamentals of lung auscultation").
//
// Per 1000 ms slice, in the same 100–400 Hz band as the heart criterion (4th-order Butterworth
// edges), with 50 ms frames (20 checks per second, exams-and-devices §5):
// - BURST_DB: the loudest frame more than 16 dB above the slice's median frame is a burst. Measured
//   on the fixtures: ICBHI normal and crackle breathing 4–18 dB (one slice of 26 above 16), the
//   ARTIE speaking and walking recordings up to 26 dB.
// - ABOVE_BREATH_DB: the loudest frame more than 15 dB above the recording's median frame (its
//   breath level) is interference louder than any breath: ICBHI breathing reaches 5–18 dB, speech
//   12–22 dB.
// A short recording (< 2 slices) has no breath level and uses the slice's own median.
import type { Engine } from './engine.js';
import type { BiquadSpec } from './filters.js';

export const LUNG_BURST_DB = 16;
export const LUNG_ABOVE_BREATH_DB = 15;
const BAND_HZ: readonly [number, number] = [100, 400];
const FRAMES_PER_SECOND = 20;
const BUTTERWORTH_Q_DB = -3.0103;

/** The 100–400 Hz band the lung criterion listens in: 4th-order Butterworth edges. */
export function lungBandSections(sampleRate: number): BiquadSpec[] {
  const edge = (type: 'highpass' | 'lowpass', f: number): BiquadSpec => ({
    type,
    frequency: Math.min(f, sampleRate * 0.45),
    q: BUTTERWORTH_Q_DB,
  });
  return [
    edge('highpass', BAND_HZ[0]),
    edge('highpass', BAND_HZ[0]),
    edge('lowpass', BAND_HZ[1]),
    edge('lowpass', BAND_HZ[1]),
  ];
}

/** Samples per 50 ms frame (20 checks per second). */
export function lungFrameHop(sampleRate: number): number {
  return Math.max(1, Math.round(sampleRate / FRAMES_PER_SECOND));
}

export const LUNG_FRAMES_PER_SECOND = FRAMES_PER_SECOND;

function median(v: number[]): number {
  const s = [...v].sort((a, b) => a - b);
  return s.length ? s[s.length >> 1]! : 0;
}

export const powerDb = (a: number, b: number) =>
  a > 0 && b > 0 ? 10 * Math.log10(a / b) : a > 0 ? Infinity : -Infinity;

/** One 0/1 flag per started 1000 ms slice (1 = noisy), judged as a lung recording. */
export function lungNoiseQuality(engine: Engine, samples: Float32Array, sampleRate: number): Uint8Array {
  const sec = Math.round(sampleRate);
  const count = Math.ceil(samples.length / sec);
  const out = new Uint8Array(count);
  if (!samples.length) return out;
  const y = engine.filter(samples, sampleRate, lungBandSections(sampleRate));
  const hop = lungFrameHop(sampleRate);
  const frames: number[] = [];
  for (let o = 0; o < y.length; o += hop) {
    const end = Math.min(y.length, o + hop);
    let s = 0;
    for (let i = o; i < end; i++) s += y[i]! * y[i]!;
    frames.push(s / (end - o));
  }
  const breath = count >= 2 ? median(frames) : 0;
  for (let k = 0; k < count; k++) {
    const slice = frames.slice(k * FRAMES_PER_SECOND, (k + 1) * FRAMES_PER_SECOND);
    if (!slice.length) continue;
    const peak = Math.max(...slice);
    const own = median(slice);
    const burst = powerDb(peak, own) > LUNG_BURST_DB;
    const above = breath > 0 && powerDb(peak, breath) > LUNG_ABOVE_BREATH_DB;
    out[k] = burst || above ? 1 : 0;
  }
  return out;
}
