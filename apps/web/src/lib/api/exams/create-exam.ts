import { useMutation } from '@tanstack/react-query';
import { examRoutes } from '@auscura/contracts';
import type { EndpointBody, Exam } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';

/** Who conducts the exam and for which patient (the rest of POST /exams' body is set here). */
type InPersonExamStart = Pick<EndpointBody<typeof examRoutes.create>, 'healthcareProviderId' | 'patientProfileId'>;

/** Starts an in-person exam; the answer carries the patient (for the dialog's header). */
export async function createInPersonExam(start: InPersonExamStart): Promise<Exam> {
  const { data } = await apiRequest(examRoutes.create, 201, { body: { type: 'in-person', ...start } });
  return data;
}

export function useCreateInPersonExam() {
  return useMutation({ mutationFn: createInPersonExam });
}
