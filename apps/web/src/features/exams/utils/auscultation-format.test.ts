import { describe, expect, it } from 'vitest';
import { diagnosisText, heartRateText, noisySlices, reportDisplay } from '@auscura/contracts';
import { bandSegments, mergeSpans, recordingFileName } from './auscultation-format.ts';

describe('heart rate text', () => {
  it('shows the rate only above 0 and below 200 bpm', () => {
    expect(heartRateText(72)).toBe('72');
    expect(heartRateText(72.6)).toBe('73');
    expect(heartRateText(199.4)).toBe('199');
    expect(heartRateText(0)).toBe('--');
    expect(heartRateText(-5)).toBe('--');
    expect(heartRateText(200)).toBe('--');
    expect(heartRateText(null)).toBe('--');
    expect(heartRateText(Number.NaN)).toBe('--');
  });
});

describe('report status texts', () => {
  const report = { reportMarkdown: '# Report', statistics: [] };
  it('says each status word for word', () => {
    expect(reportDisplay(null, null)).toEqual({ kind: 'text', text: 'Report not requested yet.' });
    expect(reportDisplay('processing', null)).toEqual({ kind: 'text', text: 'Processing. Please try later.' });
    expect(reportDisplay('failed', null)).toEqual({
      kind: 'text',
      text: 'Failed in processing auscultation recording.',
    });
    expect(reportDisplay('error', null)).toEqual({ kind: 'text', text: 'Service error. Please contact support.' });
    expect(reportDisplay('something', null)).toEqual({ kind: 'text', text: 'Status unknown.' });
  });
  it('gives the report when ready, and the deserialization error when it is empty', () => {
    expect(reportDisplay('ready', report)).toEqual({ kind: 'report', report });
    expect(reportDisplay('ready', null)).toEqual({ kind: 'text', text: 'Report deserialization error.' });
    expect(reportDisplay('ready', { reportMarkdown: ' ', statistics: [] })).toEqual({
      kind: 'text',
      text: 'Report deserialization error.',
    });
  });
});

describe('download file name', () => {
  it('is the prefix, the point label and the ISO time without milliseconds', () => {
    expect(recordingFileName('h1', '2026-03-04T05:06:07.891Z')).toBe('Auscura_h1_2026-03-04T05:06:07Z.wav');
    expect(recordingFileName('l5', '2026-03-04T07:06:07+02:00')).toBe('Auscura_l5_2026-03-04T05:06:07Z.wav');
  });
});

describe('analysis and noise', () => {
  it('names each diagnosis code', () => {
    expect([-1, 0, 1, 2, null].map(diagnosisText)).toEqual([
      'Error',
      'Insufficient data',
      'Normal',
      'Abnormal',
      'Not analysed',
    ]);
  });
  it('turns noisy flags into time spans', () => {
    expect(noisySlices({ unit: 500, record: [0, 1, 1, 0] })).toEqual([
      [0.5, 1],
      [1, 1.5],
    ]);
    expect(noisySlices(null)).toEqual([]);
  });
});

describe('the analysis band', () => {
  it('joins adjacent noisy slices into stretches and names every segment', () => {
    expect(
      mergeSpans([
        [2, 3],
        [0, 1],
        [1, 2],
        [5, 6],
      ]),
    ).toEqual([
      [0, 3],
      [5, 6],
    ]);
    const segments = bandSegments(
      {
        spans: [
          [0.2, 0.5],
          [1.1, 1.4],
        ],
        name: 'systoles',
      },
      [
        [3, 4],
        [4, 5],
      ],
    );
    expect(segments.map((s) => s.description)).toEqual([
      'Murmur heard in systole 1 of 2, 0.2 s to 0.5 s',
      'Murmur heard in systole 2 of 2, 1.1 s to 1.4 s',
      'Noisy, 3.0 s to 5.0 s',
    ]);
    expect(bandSegments(null, [])).toEqual([]);
  });
});
