import { useMutation } from '@tanstack/react-query';
import { examRoutes } from '@auscura/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export async function saveExamNotes(id: string, value: string): Promise<void> {
  await apiRequest(examRoutes.setNotes, 200, { params: { id }, body: { value } });
}

export function useSaveExamNotes(id: string) {
  return useMutation({ mutationFn: (value: string) => saveExamNotes(id, value) });
}
