import { useMutation } from '@tanstack/react-query';
import { selfExamRoutes } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';

/** The server mails the patient link and access code to the address given (Send Access Info). */
export async function sendSelfExamAccessInfo(selfExamRequestId: string, emailAddress: string): Promise<void> {
  await apiRequest(selfExamRoutes.sendAccessInfo, 204, { params: { id: selfExamRequestId }, body: { emailAddress } });
}

export function useSendSelfExamAccessInfo(selfExamRequestId: string) {
  return useMutation({ mutationFn: (emailAddress: string) => sendSelfExamAccessInfo(selfExamRequestId, emailAddress) });
}
