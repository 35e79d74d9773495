import { useMutation } from '@tanstack/react-query';
import { examRoutes } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';

/** The server mails a sign-in link only; no patient data travels by email. */
export async function shareExam(id: string, emailAddress: string): Promise<void> {
  await apiRequest(examRoutes.share, 204, { params: { id }, body: { emailAddress } });
}

export function useShareExam(id: string) {
  return useMutation({ mutationFn: (emailAddress: string) => shareExam(id, emailAddress) });
}
