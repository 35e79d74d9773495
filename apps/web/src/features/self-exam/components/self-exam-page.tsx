import { useState } from 'react';
import type { SelfExamSession } from '@auscura/contracts';
import { PatientLayout } from '../../../components/layout/patient-layout.tsx';
import { AccessCodeStep } from './access-code-step.tsx';
import { SelfExamFlow } from './self-exam-flow.tsx';

/**
 * The patient's self exam, opened from the emailed link /self-exam/{id}: the access code, the
 * clinician's instructions and stethoscope check, each requested point, then 'sent'. No account:
 * the session token lives in memory only (a reload asks for the code again; recordings not yet
 * sent are kept in IndexedDB and sent after the code).
 */
export function SelfExamPage({ selfExamRequestId }: { selfExamRequestId: string }) {
  const [session, setSession] = useState<SelfExamSession | null>(null);
  return (
    <PatientLayout subtitle={session ? session.organizationName : undefined}>
      {session ? (
        <SelfExamFlow initial={session} />
      ) : (
        <AccessCodeStep selfExamRequestId={selfExamRequestId} onOpened={setSession} />
      )}
    </PatientLayout>
  );
}
