import { useMutation } from '@tanstack/react-query';
import { selfExamRoutes } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';

/** Asks for a new access code, mailed to the patient's address on file (the answer says nothing more). */
export async function requestSelfExamAccessCode(selfExamRequestId: string): Promise<void> {
  await apiRequest(selfExamRoutes.accessCodes, 204, { params: { id: selfExamRequestId } });
}

export function useRequestSelfExamAccessCode(selfExamRequestId: string) {
  return useMutation({ mutationFn: () => requestSelfExamAccessCode(selfExamRequestId) });
}
