import { useMutation } from '@tanstack/react-query';
import { selfExamLinkRoutes } from '@auscura/contracts';
import type { SelfExamLinkSession } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';

/** The patient's code for a standing link: a link session (and a self exam left unfinished, if any). */
export async function authSelfExamLink(selfExamLinkId: string, accessCode: string): Promise<SelfExamLinkSession> {
  const { data } = await apiRequest(selfExamLinkRoutes.auth, 200, { body: { selfExamLinkId, accessCode } });
  return data;
}

export function useAuthSelfExamLink(selfExamLinkId: string) {
  return useMutation({ mutationFn: (accessCode: string) => authSelfExamLink(selfExamLinkId, accessCode) });
}
