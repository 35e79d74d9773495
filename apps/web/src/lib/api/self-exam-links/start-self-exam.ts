import { useMutation } from '@tanstack/react-query';
import { selfExamLinkRoutes } from '@auscura/contracts';
import type { SelfExamSession, StartSelfExamBody } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';

/** Starts a self exam of the points the patient chose, with the link's session token. */
export async function startSelfExam(
  selfExamLinkId: string,
  token: string,
  body: StartSelfExamBody,
): Promise<SelfExamSession> {
  const { data } = await apiRequest(selfExamLinkRoutes.start, 201, {
    params: { id: selfExamLinkId },
    body,
    bearer: token,
  });
  return data;
}

export function useStartSelfExam(selfExamLinkId: string, token: string) {
  return useMutation({ mutationFn: (body: StartSelfExamBody) => startSelfExam(selfExamLinkId, token, body) });
}
