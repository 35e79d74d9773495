// The automated report stored with each auscultation: markdown for the report page and the
// exam's report area, per-segment statistics, and the structured murmur finding the exam page
// draws on the waveform and turns into an enhanced-notes suggestion.
import { timingShapeText, type MurmurResult, type RecordingAnalysis } from '@auscura/audio-engine';
import {
  heartRateText,
  softMurmurCaveat,
  type BeatawareReport,
  type MurmurFinding,
  type MurmurOption,
  type RecordingQualityReason,
} from '@auscura/contracts';

export type Report = BeatawareReport;

const round = (value: number, digits = 3) => (Number.isFinite(value) ? Number(value.toFixed(digits)) : null);

const diagnosisTexts: Record<string, string> = {
  ERROR: 'Error: the analysis did not produce a finite result.',
  INSUFFICIENT_DATA: 'Insufficient data for an automated reading.',
  NORMAL: 'Normal rate and rhythm, no murmur heard.',
  ABNORMAL: 'Abnormal: see the findings below.',
};

/** Why a recording the quality verdict refused was not measured, in the report's finding lines. */
const notJudgedWhy: Record<RecordingQualityReason, string> = {
  silent: 'the recording is silent',
  'no-heartbeat': 'no heartbeat was found',
  'too-noisy': 'the recording is too noisy',
  clipped: 'the recording is clipped, and clipping can sound like a murmur',
  'too-short': 'the recording is too short',
  speech: 'the recording sounds like speech',
};

/**
 * The enhanced-notes murmur option (clinician-portal §9) that follows what the analysis measured:
 * a mid-systolic (ejection) murmur, a holosystolic one, a systolic one measured decrescendo (and
 * not holosystolic), or the diastolic options by their timing; "Likely no murmur" when none was
 * heard. Null when nothing measured matches (unknown, a timing or shape left unsaid, or one the
 * options do not name, such as late systolic).
 */
export function suggestedMurmurNote(m: MurmurResult): MurmurOption | null {
  if (m.status === 'absent') return 'Likely no murmur';
  if (m.status !== 'present' || !m.timing) return null;
  const { phase, pattern, shape } = m.timing;
  if (phase === 'systolic') {
    if (pattern === 'holo') return 'Holosystolic';
    if (pattern === 'mid') return 'Systolic ejection';
    return shape === 'decrescendo' && pattern !== 'late' ? 'Decrescendo systolic' : null;
  }
  return pattern === 'early'
    ? 'Early diastolic'
    : pattern === 'mid'
      ? 'Mid-diastolic'
      : pattern === 'late'
        ? 'Late diastolic'
        : null;
}

export function murmurFinding(m: MurmurResult): MurmurFinding {
  return {
    status: m.status,
    probability: Math.min(1, Math.max(0, round(m.probability, 3) ?? 0)),
    timing: m.timing,
    segments: m.segments.slice(0, 1000).map((s) => ({ start: round(s.start, 3) ?? 0, end: round(s.end, 3) ?? 0 })),
    suggestedNote: suggestedMurmurNote(m),
  };
}

function murmurLine(m: MurmurResult): string {
  const p = `probability ${m.probability.toFixed(2)}`;
  if (m.status === 'present') {
    const timing = m.timing ? timingShapeText(m.timing) : 'timing unclear';
    const where = m.timing?.phase === 'diastolic' ? 'diastoles' : 'systoles';
    return `present, ${timing} (${p}); heard in ${m.segments.length} ${where}, marked on the waveform`;
  }
  if (m.status === 'unknown') return `cannot tell: ${m.reason} (${p})`;
  return `none heard (${p}); ${softMurmurCaveat}`;
}

/** The report's markdown (plain text and a table; the web app renders it without HTML). */
export function buildReport(analysis: RecordingAnalysis): Report {
  const heart = analysis.heart;
  const noisyPercent = Math.round(analysis.noisyShare * 100);
  const recordingLines = [
    `- Recording: ${analysis.durationSec.toFixed(1)} s at ${analysis.sampleRate} Hz, ${noisyPercent} % noisy seconds`,
    `- Level: peak ${round(analysis.levels.peakDb, 1) ?? 'n/a'} dBFS, RMS ${round(analysis.levels.rmsDb, 1) ?? 'n/a'} dBFS`,
  ];
  if (!heart) {
    return {
      reportMarkdown: [
        '# Automated auscultation report',
        '',
        '**Result:** No heart analysis: this is a lung recording.',
        '',
        ...recordingLines,
        '',
        'Heart rate, rhythm and murmur are analysed for heart points only; breath sounds are not analysed automatically.',
      ].join('\n'),
      statistics: [],
      analysedAs: 'lungs',
    };
  }
  const states = ['S1', 'systole', 'S2', 'diastole'] as const;
  const statistics = states.map((state) => ({
    segment: state,
    count: heart.stats[state].count,
    meanDurationSec: round(heart.stats[state].meanSec),
    sdDurationSec: round(heart.stats[state].sdSec),
    meanLevel: round(heart.stats[state].meanLevel),
  }));
  const range = heart.rateRange;
  const quality = heart.quality;
  const rate = heart.rateWithheld
    ? 'withheld: the heartbeat’s timing was not established with confidence'
    : heartRateText(heart.heartRateBpm) !== '--'
      ? // One number, one rounding (issue 35): the report says the rate as the exam card, the PDF and
        // the FHIR export show it (contracts' heartRateText), not 93.8 beside a card's 94.
        `${heartRateText(heart.heartRateBpm)} bpm`
      : 'not found';
  // A recording that cannot be judged: say what was not measured and why, and nothing it did not measure.
  const findingLines = quality.judged
    ? [
        `- Heart rate: ${rate}; normal for ${range.ageBand}: ${range.low}–${range.high} bpm (${range.source})`,
        `- Murmur: ${murmurLine(heart.murmur)}`,
        `- Heartbeat present: ${heart.heartbeatPresent ? 'yes' : 'no'}`,
        heart.rateWithheld
          ? '- Rhythm: not judged (the heartbeat’s timing was not established with confidence)'
          : `- Rhythm variation (CV of S1–S1 intervals): ${round(heart.rhythmCv, 3) ?? 'n/a'}`,
      ]
    : [
        `- Heart rate: not measured (${notJudgedWhy[quality.reason ?? 'no-heartbeat']})`,
        `- Murmur: not judged (${notJudgedWhy[quality.reason ?? 'no-heartbeat']})`,
        '- Rhythm: not measured',
      ];
  const lines = [
    '# Automated auscultation report',
    '',
    `**Result:** ${quality.judged ? (diagnosisTexts[heart.diagnosis] ?? heart.diagnosis) : quality.message}`,
    '',
    ...(analysis.site === 'other'
      ? ['- Analysed as: a heart recording (the point is "Other"): rate, rhythm and murmur']
      : []),
    ...findingLines,
    ...recordingLines,
    ...(quality.judged && heart.reasons.length
      ? ['', '## Notes', '', ...heart.reasons.map((reason) => `- ${reason}`)]
      : []),
    '',
    '## Segments',
    '',
    '| Segment | Count | Mean duration (s) | SD (s) |',
    '| --- | --- | --- | --- |',
    ...statistics.map(
      (s) => `| ${s.segment} | ${s.count} | ${s.meanDurationSec ?? 'n/a'} | ${s.sdDurationSec ?? 'n/a'} |`,
    ),
    '',
    'Automated decision support, not a diagnosis: listen to the recording before you rely on it.',
  ];
  return {
    reportMarkdown: lines.join('\n'),
    statistics,
    analysedAs: analysis.site,
    murmur: murmurFinding(heart.murmur),
    quality: { judged: quality.judged, reason: quality.reason, message: quality.message },
    // The cycle the rate was measured over, drawn under the player's spectrogram (issue 40): only what
    // the analysis established, so nothing when it withheld the rate or could not judge the recording.
    ...(quality.judged && !heart.rateWithheld
      ? {
          segmentation: heart.segments.slice(0, 4000).map((s) => ({
            state: s.state,
            start: round(s.start, 3) ?? 0,
            end: round(s.end, 3) ?? 0,
          })),
        }
      : {}),
    rateRange: { low: range.low, high: range.high, ageBand: range.ageBand, source: range.source },
  };
}
