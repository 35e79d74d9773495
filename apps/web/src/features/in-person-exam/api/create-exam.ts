import { useMutation } from '@tanstack/react-query';
import { examRoutes } from '@auscura/contracts';
import type { Exam } from '@auscura/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export type CreateExamInput = { healthcareProviderId: string; patientProfileId: string };

/** Starts an in-person exam; the answer carries the patient (for the dialog's header). */
export async function createInPersonExam(input: CreateExamInput): Promise<Exam> {
  const { data } = await apiRequest(examRoutes.create, 201, { body: { type: 'in-person', ...input } });
  return data;
}

export function useCreateInPersonExam() {
  return useMutation({ mutationFn: createInPersonExam });
}
