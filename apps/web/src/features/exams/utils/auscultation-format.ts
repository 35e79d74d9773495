import { softMurmurCaveat, type Auscultation, type RecordingQualityReason } from '@auscura/contracts';

/** Why the analysis could not judge a recording, as the card says it after '--' or "Not judged". */
export const qualityReasonWords: Record<RecordingQualityReason, string> = {
  silent: 'the recording is silent',
  'no-heartbeat': 'no heartbeat was found',
  'too-noisy': 'the recording is too noisy',
  clipped: 'the recording is clipped',
  'too-short': 'the recording is too short',
  speech: 'the recording sounds like speech',
};

/** The quality verdict's message when the recording could not be judged (null when judged or unknown). */
export function qualityText(report: Auscultation['beatawareReport'] | undefined): string | null {
  return report?.quality && !report.quality.judged ? report.quality.message : null;
}

/** clinician-portal §2.13 and §9: a rate is shown only when above 0 and below 200 bpm. */
export function heartRateText(bpm: number | null | undefined): string {
  if (bpm === null || bpm === undefined || !Number.isFinite(bpm) || bpm <= 0 || bpm >= 200) return '--';
  return String(Math.round(bpm));
}

/** What the report area shows (§4): a status text, or the report itself when it is ready and readable. */
export type ReportDisplay =
  { kind: 'text'; text: string } | { kind: 'report'; report: NonNullable<Auscultation['beatawareReport']> };

/** clinician-portal §4, the automated report status texts word for word. */
export const reportStatusTexts = {
  absent: 'Report not requested yet.',
  processing: 'Processing. Please try later.',
  failed: 'Failed in processing auscultation recording.',
  error: 'Service error. Please contact support.',
  empty: 'Report deserialization error.',
  unknown: 'Status unknown.',
} as const;

export function reportDisplay(
  status: string | null | undefined,
  report: Auscultation['beatawareReport'] | undefined,
): ReportDisplay {
  switch (status) {
    case null:
    case undefined:
      return { kind: 'text', text: reportStatusTexts.absent };
    case 'processing':
      return { kind: 'text', text: reportStatusTexts.processing };
    case 'failed':
      return { kind: 'text', text: reportStatusTexts.failed };
    case 'error':
      return { kind: 'text', text: reportStatusTexts.error };
    case 'ready':
      return report && report.reportMarkdown.trim() !== ''
        ? { kind: 'report', report }
        : { kind: 'text', text: reportStatusTexts.empty };
    default:
      return { kind: 'text', text: reportStatusTexts.unknown };
  }
}

/** §3 analysis result codes: ERROR (-1), INSUFFICIENT_DATA (0), NORMAL (1), ABNORMAL (2). */
export function diagnosisText(code: number | null | undefined): string {
  switch (code) {
    case -1:
      return 'Error';
    case 0:
      return 'Insufficient data';
    case 1:
      return 'Normal';
    case 2:
      return 'Abnormal';
    default:
      return 'Not analysed';
  }
}

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

/** Noisy slices of a noise-quality record as [start, end) seconds, for the band over the waveform. */
export function noisySlices(record: Auscultation['noiseQualityRecord']): Array<[number, number]> {
  if (!record) return [];
  const unit = record.unit / 1000;
  return record.record.flatMap((flag, index) =>
    flag === 1 ? [[index * unit, (index + 1) * unit] as [number, number]] : [],
  );
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

const patternWords = { holo: 'holo', early: 'early ', mid: 'mid-', late: 'late ' } as const;
/** As the engine's report words them (packages/audio-engine/src/murmur/describe.ts). */
const shapeWords = {
  plateau: 'plateau',
  decrescendo: 'decrescendo',
  crescendo: 'crescendo',
  diamond: 'diamond-shaped (crescendo-decrescendo)',
} as const;

/**
 * "Present, holosystolic, plateau (probability 0.87)" — the finding in one line for the exam page and
 * the report; the shape only when the analysis measured one.
 */
export function murmurText(
  murmur: NonNullable<Auscultation['beatawareReport']>['murmur'],
  quality?: NonNullable<Auscultation['beatawareReport']>['quality'],
): string | null {
  if (!murmur) return null;
  // A recording the analysis could not judge has no murmur probability worth showing: say why instead.
  if (quality && !quality.judged) return `Not judged: ${qualityReasonWords[quality.reason ?? 'no-heartbeat']}`;
  const probability = `probability ${murmur.probability.toFixed(2)}`;
  if (murmur.status === 'absent') return `None heard (${probability}); ${softMurmurCaveat}`;
  if (murmur.status === 'unknown') return `Cannot tell: the recording is too poor (${probability})`;
  const t = murmur.timing;
  const timing = t
    ? `${t.pattern ? patternWords[t.pattern] : ''}${t.phase}${t.shape ? `, ${shapeWords[t.shape]}` : ''}`
    : 'timing unclear';
  return `Present, ${timing} (${probability})`;
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
