import { useMutation } from '@tanstack/react-query';
import { selfExamRoutes } from '@auscura/contracts';
import type { SelfExamRequest, SelfExamRequestBody } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';

/** Answers the stored request with its access code and patient link. */
export async function createSelfExamRequest(
  patientProfileId: string,
  body: SelfExamRequestBody,
): Promise<SelfExamRequest> {
  const { data } = await apiRequest(selfExamRoutes.create, 201, { params: { id: patientProfileId }, body });
  return data;
}

export function useCreateSelfExamRequest(patientProfileId: string) {
  return useMutation({ mutationFn: (body: SelfExamRequestBody) => createSelfExamRequest(patientProfileId, body) });
}
