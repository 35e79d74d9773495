import { useMutation, useQueryClient } from '@tanstack/react-query';
import { selfExamLinkRoutes } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';
import { getSelfExamLinkQueryOptions } from './get-self-exam-link.ts';

/** Turns the patient's standing link off: its code stops working at once. */
export async function revokeSelfExamLink(patientProfileId: string): Promise<void> {
  await apiRequest(selfExamLinkRoutes.revoke, 204, { params: { id: patientProfileId } });
}

export function useRevokeSelfExamLink(patientProfileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => revokeSelfExamLink(patientProfileId),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: getSelfExamLinkQueryOptions(patientProfileId).queryKey }),
  });
}
