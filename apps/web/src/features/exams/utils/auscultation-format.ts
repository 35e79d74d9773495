import type { Auscultation } from '@auscura/contracts';

/** The product-name prefix of downloaded recordings (§3). */
export const downloadPrefix = 'Auscura';

/**
 * §3 download file name: product-name prefix, underscore, point label, underscore, ISO time
 * without milliseconds, extension .wav — e.g. Auscura_h1_2026-03-04T05:06:07Z.wav.
 */
export function recordingFileName(pointLabel: string, isoTime: string): string {
  const time = new Date(isoTime).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return `${downloadPrefix}_${pointLabel}_${time}.wav`;
}

/** The murmur finding's segments for the waveform, named by phase; null when no murmur was heard. */
export function murmurMarks(
  report: Auscultation['beatawareReport'],
): { spans: Array<[number, number]>; name: string } | null {
  const murmur = report?.murmur;
  if (!murmur || murmur.status !== 'present') return null;
  return {
    spans: murmur.segments.map((s) => [s.start, s.end] as [number, number]),
    name: murmur.timing?.phase === 'diastolic' ? 'diastoles' : 'systoles',
  };
}
