import { describe, expect, it } from 'vitest';
import { enhancedNotesSchema } from '@auscura/contracts';
import type { Auscultation, MurmurFinding } from '@auscura/contracts';
import { acceptSuggestion, murmurSuggestions } from './enhanced-notes.ts';
import { murmurText } from '@auscura/contracts';
import { murmurMarks } from './auscultation-format.ts';

function auscultation(type: 'heart' | 'lungs', murmur?: MurmurFinding): Auscultation {
  return {
    id: crypto.randomUUID(),
    dateCreated: '2026-01-01T00:00:00.000Z',
    examId: crypto.randomUUID(),
    deviceLabel: null,
    auscultationPoint: { type, label: type === 'heart' ? 'h1' : 'l1' },
    recording: null,
    noiseQualityRecord: null,
    heartrateBpm: null,
    heartbeatPresent: null,
    heartbeatNormal: null,
    ausculthingDiagnosis: null,
    beatawareId: null,
    beatawareStatus: 'ready',
    beatawareReport: { reportMarkdown: '# Report', statistics: [], ...(murmur ? { murmur } : {}) },
  };
}
const finding = (status: MurmurFinding['status'], suggestedNote: MurmurFinding['suggestedNote']): MurmurFinding => ({
  status,
  probability: status === 'present' ? 0.91 : 0.05,
  timing: status === 'present' ? { phase: 'systolic', pattern: 'holo' } : null,
  segments: status === 'present' ? [{ start: 1.02, end: 1.3 }] : [],
  suggestedNote,
});

describe('the automated murmur suggestion', () => {
  it("offers the present recordings' options, not what is already checked", () => {
    const exam = [
      auscultation('heart', finding('present', 'Holosystolic')),
      auscultation('heart', finding('absent', 'Likely no murmur')),
      auscultation('heart', finding('present', 'Holosystolic')),
    ];
    expect(murmurSuggestions(exam, [])).toEqual(['Holosystolic']);
    expect(murmurSuggestions(exam, ['Holosystolic'])).toEqual([]);
  });

  it('offers "Likely no murmur" only when every heart recording found none', () => {
    const absent = auscultation('heart', finding('absent', 'Likely no murmur'));
    expect(murmurSuggestions([absent, absent], [])).toEqual(['Likely no murmur']);
    expect(murmurSuggestions([absent, auscultation('heart', finding('unknown', null))], [])).toEqual([]);
    // Lung recordings carry no murmur finding and do not count.
    expect(murmurSuggestions([absent, auscultation('lungs')], [])).toEqual(['Likely no murmur']);
    expect(murmurSuggestions([auscultation('lungs')], [])).toEqual([]);
  });

  it('accepting a murmur replaces a checked "Likely no murmur" and keeps the notes valid', () => {
    const next = acceptSuggestion(['Likely no murmur', 'Wheezing'], 'Holosystolic');
    expect(next).toEqual(['Holosystolic', 'Wheezing']);
    expect(enhancedNotesSchema.safeParse(next).success).toBe(true);
    expect(acceptSuggestion(['Holosystolic'], 'Likely no murmur')).toEqual(['Likely no murmur']);
  });

  it('describes the finding and gives the waveform its segments', () => {
    const present = finding('present', 'Holosystolic');
    expect(murmurText(present)).toBe('Present, holosystolic (probability 0.91)');
    // The shape only when measured, worded as in the report.
    expect(murmurText({ ...present, timing: { phase: 'systolic', pattern: 'early', shape: 'decrescendo' } })).toBe(
      'Present, early systolic, decrescendo (probability 0.91)',
    );
    expect(murmurText({ ...present, timing: { phase: 'systolic', pattern: null, shape: null } })).toBe(
      'Present, systolic (probability 0.91)',
    );
    expect(murmurText(finding('absent', 'Likely no murmur'))).toBe(
      'None heard (probability 0.05); soft (grade I/VI) murmurs can be missed',
    );
    expect(murmurText(undefined)).toBeNull();
    // A recording the analysis could not judge shows why, not a probability.
    const unknown = finding('unknown', null);
    expect(
      murmurText(unknown, {
        judged: false,
        reason: 'silent',
        message: 'I cannot tell from this recording: it is silent. Check the stethoscope, then record again.',
      }),
    ).toBe('Not judged: the recording is silent');
    expect(murmurText(unknown, { judged: true, reason: null, message: 'The recording can be judged.' })).toMatch(
      /^Cannot tell/,
    );
    expect(murmurMarks(auscultation('heart', present).beatawareReport)).toEqual({
      spans: [[1.02, 1.3]],
      name: 'systoles',
    });
    expect(murmurMarks(auscultation('heart', finding('absent', null)).beatawareReport)).toBeNull();
  });
});
