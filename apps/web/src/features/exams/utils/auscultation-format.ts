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

/** Adjacent or overlapping [start, end) spans joined into runs (noisy slices → noisy stretches). */
export function mergeSpans(spans: Array<[number, number]>): Array<[number, number]> {
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  const out: Array<[number, number]> = [];
  for (const [start, end] of sorted) {
    const last = out.at(-1);
    if (last && start <= last[1] + 1e-9) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}

/** The analysis band's segments: each murmur segment (named by phase and number) and each noisy stretch. */
export function bandSegments(
  murmur: { spans: Array<[number, number]>; name: string } | null,
  noisy: Array<[number, number]>,
): Array<{ kind: 'murmur' | 'noisy'; start: number; end: number; description: string }> {
  const phase = murmur?.name === 'diastoles' ? 'diastole' : 'systole';
  const seconds = (start: number, end: number) => `${start.toFixed(1)} s to ${end.toFixed(1)} s`;
  return [
    ...(murmur?.spans ?? []).map(([start, end], i, all) => ({
      kind: 'murmur' as const,
      start,
      end,
      description: `Murmur heard in ${phase} ${i + 1} of ${all.length}, ${seconds(start, end)}`,
    })),
    ...mergeSpans(noisy).map(([start, end]) => ({
      kind: 'noisy' as const,
      start,
      end,
      description: `Noisy, ${seconds(start, end)}`,
    })),
  ];
}
