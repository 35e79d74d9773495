/**
 * The audio test's volume: the mean of an AnalyserNode's byte frequency data (0–255, Web Audio's
 * default -100…-30 dB range), read every 100 ms; the meter shows it against 200 (§9: "the audio
 * meter scales volume against 200").
 */
const volumeScale = 200;

export function meterPercent(volume: number): number {
  return Math.max(0, Math.min(100, (volume / volumeScale) * 100));
}

export function meanVolume(bins: Uint8Array): number {
  let sum = 0;
  for (const value of bins) sum += value;
  return bins.length ? sum / bins.length : 0;
}

export function standardDeviation(values: number[]): number {
  if (!values.length) return 0;
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length);
}

/** §8: 'No audio detected.' when the volume values of a test have zero standard deviation. */
const noAudioDetected = 'No audio detected.';
export function silentTestErrors(values: number[]): string[] {
  return standardDeviation(values) === 0 ? [noAudioDetected] : [];
}
