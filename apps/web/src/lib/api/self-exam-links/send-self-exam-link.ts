import { useMutation, useQueryClient } from '@tanstack/react-query';
import { selfExamLinkRoutes } from '@auscura/contracts';
import type { SendSelfExamLinkBody, SentSelfExamLink } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';
import { getSelfExamLinkQueryOptions } from './get-self-exam-link.ts';

/** Sends (or renews, with a new code) the standing link to the patient's address on file. */
export async function sendSelfExamLink(
  patientProfileId: string,
  body: SendSelfExamLinkBody,
): Promise<SentSelfExamLink> {
  const { data } = await apiRequest(selfExamLinkRoutes.send, 201, { params: { id: patientProfileId }, body });
  return data;
}

export function useSendSelfExamLink(patientProfileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendSelfExamLinkBody) => sendSelfExamLink(patientProfileId, body),
    onSuccess: (sent) =>
      queryClient.setQueryData(getSelfExamLinkQueryOptions(patientProfileId).queryKey, sent.selfExamLink),
  });
}
