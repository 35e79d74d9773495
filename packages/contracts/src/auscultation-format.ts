/**
 * How an auscultation's figures are said, once for every place that says them: the exam page, the
 * PDF report and the FHIR export (issue 38) read these, so the three cannot disagree on a rate's
 * rounding, a probability's digits or why a recording has no rate.
 */
import type { Auscultation } from './auscultation.js';
import { softMurmurCaveat } from './murmur.js';
import type { RecordingQualityReason } from './murmur.js';

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

/** Noisy slices of a noise-quality record as [start, end) seconds, for the band over the waveform. */
export function noisySlices(record: Auscultation['noiseQualityRecord']): Array<[number, number]> {
  if (!record) return [];
  const unit = record.unit / 1000;
  return record.record.flatMap((flag, index) =>
    flag === 1 ? [[index * unit, (index + 1) * unit] as [number, number]] : [],
  );
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

/** The noise-quality line of a recording card and the report. */
export function noiseQualityText(record: Auscultation['noiseQualityRecord']): string {
  if (!record) return 'Noise quality: not measured';
  return `Noise quality: ${noisySlices(record).length} of ${record.record.length} slices noisy`;
}

/** What the automated analysis says in one line: lung recordings get no heart verdict. */
export function analysisVerdict(
  auscultation: Pick<Auscultation, 'auscultationPoint' | 'beatawareReport' | 'ausculthingDiagnosis'>,
): string {
  if (auscultation.auscultationPoint.type === 'lungs' || auscultation.beatawareReport?.analysedAs === 'lungs')
    return 'No heart analysis for lung sounds';
  // Rate '--' and murmur not judged: the card says why (issue 35).
  return qualityText(auscultation.beatawareReport) ?? diagnosisText(auscultation.ausculthingDiagnosis);
}
