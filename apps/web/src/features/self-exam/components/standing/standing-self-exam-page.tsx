import { useEffect, useState } from 'react';
import type { SelfExamLinkSession, SelfExamSession } from '@auscura/contracts';
import { PatientLayout } from '../../../../components/layout/patient-layout.tsx';
import { listPendingUploads, removePendingUpload } from '../../utils/pending-uploads.ts';
import { SelfExamFlow } from '../self-exam-flow.tsx';
import { ChoosePointsStep } from './choose-points-step.tsx';
import { LinkCodeStep } from './link-code-step.tsx';

/**
 * A new self exam closed the unfinished one on the server: recordings of it still waiting on this
 * computer would never be taken, so they are not kept.
 */
async function dropPendingUploads(selfExamRequestId: string) {
  const pending = await listPendingUploads(selfExamRequestId).catch(() => []);
  for (const upload of pending) await removePendingUpload(upload.clientRecordingId).catch(() => undefined);
}

/**
 * A patient-initiated self exam, opened from the standing link /self-exam-link/{id}: the link's
 * code, the points the patient chooses (or finishing one left unfinished), then the same steps as a
 * clinician's request — stethoscope check, each point, sent. Tokens live in memory only.
 */
export function StandingSelfExamPage({ selfExamLinkId }: { selfExamLinkId: string }) {
  const [link, setLink] = useState<SelfExamLinkSession | null>(null);
  const [session, setSession] = useState<SelfExamSession | null>(null);
  // A new step starts at its top on a phone (the choice of points is a long page).
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [link, session]);
  return (
    <PatientLayout subtitle={link ? link.organizationName : undefined}>
      {session ? (
        <SelfExamFlow key={session.selfExamRequestId} initial={session} />
      ) : link ? (
        <ChoosePointsStep
          link={link}
          onStarted={(started) => {
            if (link.unfinished && started.selfExamRequestId !== link.unfinished.selfExamRequestId) {
              void dropPendingUploads(link.unfinished.selfExamRequestId);
            }
            setSession(started);
          }}
        />
      ) : (
        <LinkCodeStep selfExamLinkId={selfExamLinkId} onOpened={setLink} />
      )}
    </PatientLayout>
  );
}
