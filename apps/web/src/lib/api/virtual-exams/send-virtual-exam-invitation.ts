import { useMutation } from '@tanstack/react-query';
import { virtualExamRoutes } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';

/** exams-and-devices §7.1 POST /virtual-exams/{id}/invitations: the server mails the link and code (Send Access Info). */
export async function sendVirtualExamInvitation(id: string, recipientEmailAddress: string): Promise<void> {
  await apiRequest(virtualExamRoutes.invite, 204, { params: { id }, body: { recipientEmailAddress } });
}

export function useSendVirtualExamInvitation(id: string) {
  return useMutation({ mutationFn: (emailAddress: string) => sendVirtualExamInvitation(id, emailAddress) });
}
