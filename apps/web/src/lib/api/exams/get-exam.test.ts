import { describe, expect, it } from 'vitest';
import type { Auscultation, Exam } from '@auscura/contracts';
import { hasRecordingInProcessing } from './get-exam.ts';

const auscultation = (overrides: Partial<Auscultation>): Auscultation => ({
  id: '11111111-1111-4111-8111-111111111111',
  dateCreated: '2026-11-22T04:00:00.000Z',
  examId: '22222222-2222-4222-8222-222222222222',
  deviceLabel: null,
  auscultationPoint: { type: 'heart', label: 'h1' },
  recording: { duration: 10, mimeType: 'audio/wav' },
  noiseQualityRecord: null,
  heartrateBpm: null,
  heartbeatPresent: null,
  heartbeatNormal: null,
  ausculthingDiagnosis: null,
  beatawareId: null,
  beatawareStatus: 'ready',
  beatawareReport: null,
  ...overrides,
});
const exam = (auscultations: Auscultation[] | undefined) => ({ auscultations }) as Exam;

describe('an exam keeps being refreshed', () => {
  it('while one of its recordings is being processed', () => {
    expect(hasRecordingInProcessing(exam([auscultation({}), auscultation({ beatawareStatus: 'processing' })]))).toBe(
      true,
    );
  });

  it('not once every recording has an outcome, nor for a row that never got a recording', () => {
    expect(hasRecordingInProcessing(exam([auscultation({ recording: null, beatawareStatus: null })]))).toBe(false);
    expect(hasRecordingInProcessing(exam([auscultation({}), auscultation({ beatawareStatus: 'failed' })]))).toBe(false);
    expect(hasRecordingInProcessing(exam([]))).toBe(false);
    expect(hasRecordingInProcessing(exam(undefined))).toBe(false);
    expect(hasRecordingInProcessing(undefined)).toBe(false);
  });
});
