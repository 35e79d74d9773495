import { useMutation } from '@tanstack/react-query';
import { selfExamRoutes } from '@auscura/contracts';
import type { SelfExamSession } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';

/** The patient's code for one request: a session token and what the clinician asks for. */
export async function authSelfExam(selfExamRequestId: string, accessCode: string): Promise<SelfExamSession> {
  const { data } = await apiRequest(selfExamRoutes.auth, 200, { body: { selfExamRequestId, accessCode } });
  return data;
}

export function useAuthSelfExam(selfExamRequestId: string) {
  return useMutation({ mutationFn: (accessCode: string) => authSelfExam(selfExamRequestId, accessCode) });
}
