import { selfExamLimits, selfExamPointLabels, selfExamPoints } from '@auscura/contracts';
import type { SelfExamRequestBody } from '@auscura/contracts';
import { z } from 'zod';
import { localIsoDate } from './patient-form.ts';

/** The checkbox groups of the Create Self Exam dialog: heart h1–h5, lungs l1–l5, with their long labels. */
export const selfExamPointGroups = [
  { type: 'heart', title: 'Heart', points: selfExamPoints.filter((point) => point.type === 'heart') },
  { type: 'lungs', title: 'Lungs', points: selfExamPoints.filter((point) => point.type === 'lungs') },
] as const;

const labelOrder = new Map(selfExamPointLabels.map((label, index) => [label, index]));

/** exams-and-devices §5 'Self exam': at least one point, instructions optional; the date defaults to today. */
export const selfExamFormSchema = z.object({
  auscultationPoints: z.array(z.string()).min(1, 'You must select at least one auscultation point'),
  instructions: z
    .string()
    .max(
      selfExamLimits.instructionsMaxLength,
      `Instructions may not exceed ${selfExamLimits.instructionsMaxLength} characters`,
    ),
  examDate: z.string().superRefine((value, context) => {
    if (value === '') context.addIssue({ code: 'custom', message: 'Exam date is required' });
    else if (!/^\d{4}-\d{2}-\d{2}$/.test(value))
      context.addIssue({ code: 'custom', message: 'Exam date must be a valid date' });
    else if (value < localIsoDate()) context.addIssue({ code: 'custom', message: 'Exam date cannot be in the past' });
  }),
});
export type SelfExamFormValues = z.infer<typeof selfExamFormSchema>;

export function initialSelfExamForm(today: string = localIsoDate()): SelfExamFormValues {
  return { auscultationPoints: [], instructions: '', examDate: today };
}

/** The request body: points in the torso's order (h1…h5, l1…l5), blank instructions left out. */
export function toSelfExamRequestBody(values: SelfExamFormValues, healthcareProviderId: string): SelfExamRequestBody {
  const instructions = values.instructions.trim();
  return {
    healthcareProviderId,
    examDate: values.examDate,
    auscultationPoints: [...values.auscultationPoints].sort(
      (a, b) => (labelOrder.get(a) ?? 99) - (labelOrder.get(b) ?? 99),
    ),
    ...(instructions ? { instructions } : {}),
  };
}

/** Shown instead of the link and access code while the patient's self-exam pages are not built (issue 22). */
export const selfExamPatientSideMissingText =
  'The self exam request has been created. The patient side of self exams is not available yet, so there is no link or access code to give the patient for now.';
