import { useState } from 'react';
import type { PatientSession } from '@auscura/contracts';
import { PatientLayout } from '../../../../components/layout/patient-layout.tsx';
import { AccessCodeStep } from './access-code-step.tsx';
import { NameStep } from './name-step.tsx';
import { PatientInExam } from './patient-in-exam.tsx';
import type { RenderPatientVideoRoom } from './patient-in-exam.tsx';

/**
 * The patient's way into a virtual exam (exams-and-devices §2, §6): the access code (on
 * /live-exam, or for the link's exam on /virtual-exam/{id}), a name, the auth call, then the
 * entry request and the wait. No account, no clinician's shell.
 */
export function PatientJoin({
  virtualExamId,
  renderVideoRoom,
}: {
  virtualExamId: string | null;
  /** The patient's video room, shown once admitted (see PatientInExam). */
  renderVideoRoom?: RenderPatientVideoRoom;
}) {
  const [found, setFound] = useState<{ virtualExamId: string; accessCode: string } | null>(null);
  const [session, setSession] = useState<PatientSession | null>(null);
  return (
    <PatientLayout subtitle="Virtual exam">
      {session ? (
        <PatientInExam session={session} renderVideoRoom={renderVideoRoom} />
      ) : found ? (
        <NameStep
          virtualExamId={found.virtualExamId}
          accessCode={found.accessCode}
          onSignedIn={setSession}
          onBack={() => setFound(null)}
        />
      ) : (
        <AccessCodeStep virtualExamId={virtualExamId} onFound={setFound} />
      )}
    </PatientLayout>
  );
}
