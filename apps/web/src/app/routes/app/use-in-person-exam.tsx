import { lazy, Suspense, useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { examKeys } from '../../../lib/api/exams/keys.ts';
import { useCurrentUser } from '../../../lib/auth.ts';

// Lazy: the dialog, the recorder and the audio engine never load with the first screen.
const InPersonExamDialog = lazy(() => import('./in-person-exam-dialog-loader.ts'));

/**
 * Opens the In-Person Exam dialog for a patient; when it closes, the exam lists (the patient's
 * history among them) are fetched again (exams-and-devices §2.7).
 */
export function useInPersonExam() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [patientProfileId, setPatientProfileId] = useState<string | null>(null);
  const providerId = user?.healthcareProviderId ?? null;

  const start = useCallback((id: string) => setPatientProfileId(id), []);
  const close = useCallback(() => {
    setPatientProfileId(null);
    // Every exam list and detail: their query keys share one family.
    void queryClient.invalidateQueries({ queryKey: examKeys.all });
  }, [queryClient]);

  const dialog =
    patientProfileId && providerId ? (
      <Suspense fallback={null}>
        <InPersonExamDialog patientProfileId={patientProfileId} healthcareProviderId={providerId} onClose={close} />
      </Suspense>
    ) : null;

  return { start: providerId ? start : undefined, dialog };
}
