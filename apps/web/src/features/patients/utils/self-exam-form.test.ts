import { describe, expect, it } from 'vitest';
import { selfExamRequestBodySchema } from '@auscura/contracts';
import { localIsoDate } from './patient-form.ts';
import { selfExamFormSchema, selfExamPointGroups, toSelfExamRequestBody } from './self-exam-form.ts';

const providerId = '00000000-0000-4000-8000-000000000002';

describe('the Create Self Exam form', () => {
  it('offers heart h1–h5 and lungs l1–l5 with their long labels, and no Other point', () => {
    expect(
      selfExamPointGroups.map((group) => group.points.map((point) => `${point.label} ${point.longLabel}`)),
    ).toEqual([
      ['h1 Heart 1', 'h2 Heart 2', 'h3 Heart 3', 'h4 Heart 4', 'h5 Heart 5'],
      ['l1 Lung 1', 'l2 Lung 2', 'l3 Lung 3', 'l4 Lung 4', 'l5 Lung 5'],
    ]);
  });

  it('needs at least one point and a date that is not past', () => {
    const issues = (values: Record<string, unknown>) => {
      const result = selfExamFormSchema.safeParse({
        auscultationPoints: ['h1'],
        instructions: '',
        examDate: localIsoDate(),
        ...values,
      });
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(issues({})).toEqual([]);
    expect(issues({ auscultationPoints: [] })).toEqual(['You must select at least one auscultation point']);
    expect(issues({ examDate: '' })).toEqual(['Exam date is required']);
    expect(issues({ examDate: '2020-01-01' })).toEqual(['Exam date cannot be in the past']);
  });

  it('sends the points in torso order and leaves blank instructions out; the server accepts it', () => {
    const body = toSelfExamRequestBody(
      { auscultationPoints: ['l2', 'h4', 'h1'], instructions: '   ', examDate: '2030-05-06' },
      providerId,
    );
    expect(body).toEqual({
      healthcareProviderId: providerId,
      examDate: '2030-05-06',
      auscultationPoints: ['h1', 'h4', 'l2'],
    });
    expect(selfExamRequestBodySchema.safeParse(body).success).toBe(true);
    expect(
      toSelfExamRequestBody(
        { auscultationPoints: ['h1'], instructions: ' Sit still. ', examDate: '2030-05-06' },
        providerId,
      ).instructions,
    ).toBe('Sit still.');
  });
});
