import { useMutation } from '@tanstack/react-query';
import { normalizeAccessCode, virtualExamRoutes } from '@auscura/contracts';
import type { PatientSession } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';

type PatientAuthInput = { virtualExamId: string; userName: string; accessCode: string };

/** exams-and-devices §7.1 POST /virtual-exams/{id}/auth (unauth): a patient session for a name and the code. */
export async function authenticateVirtualExamPatient(input: PatientAuthInput): Promise<PatientSession> {
  const { data } = await apiRequest(virtualExamRoutes.auth, 200, {
    params: { id: input.virtualExamId },
    body: { userName: input.userName, accessCode: normalizeAccessCode(input.accessCode) },
  });
  return data;
}

export function useAuthenticateVirtualExamPatient() {
  return useMutation({ mutationFn: authenticateVirtualExamPatient });
}
