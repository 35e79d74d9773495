import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import type { SelfExamSession } from '@auscura/contracts';
import { useAudioInputs } from '../../../hooks/use-audio-inputs.ts';
import { getSelfExamFinalized } from '../../../lib/api/self-exam-requests/get-self-exam-finalized.ts';
import { uploadSelfExamAuscultation } from '../../../lib/api/self-exam-requests/upload-self-exam-auscultation.ts';
import { listPendingUploads, removePendingUpload } from '../utils/pending-uploads.ts';
import { InstructionsStep } from './instructions-step.tsx';
import { RecordPointStep } from './record-point-step.tsx';
import { SentStep } from './sent-step.tsx';

type Step = 'instructions' | 'record' | 'sent';

/** After the code: instructions and check, then each open point in turn, then the 'sent' page. */
export function SelfExamFlow({ initial }: { initial: SelfExamSession }) {
  const [session, setSession] = useState(initial);
  const [step, setStep] = useState<Step>(initial.finalized ? 'sent' : 'instructions');
  const [resuming, setResuming] = useState<'idle' | 'sending' | 'failed'>('idle');
  const devices = useAudioInputs();
  const total = session.auscultationRequests.length;
  const openIndex = session.auscultationRequests.findIndex((ar) => !ar.auscultationId);

  const markSent = async (arId: string, result: { id: string; finalized: boolean }) => {
    setSession((current) => ({
      ...current,
      auscultationRequests: current.auscultationRequests.map((ar) =>
        ar.id === arId ? { ...ar, auscultationId: result.id } : ar,
      ),
    }));
    // The server says when the request is complete; asked again so the 'sent' page is the server's word.
    if (result.finalized && (await getSelfExamFinalized(session.selfExamRequestId, session.token).catch(() => true))) {
      setStep('sent');
    }
  };

  // Each step is a new page to the patient: on a phone, it starts at its top, not where the last button was.
  // (A block body: Chromium's scrollTo now returns a promise, which React would take for a cleanup.)
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [step, openIndex]);

  // Recordings kept from an earlier visit (a failed upload, a closed tab) go first.
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const pending = await listPendingUploads(initial.selfExamRequestId).catch(() => []);
      if (pending.length === 0 || initial.finalized) return;
      setResuming('sending');
      for (const upload of pending) {
        const ar = initial.auscultationRequests.find((a) => a.id === upload.auscultationRequestId);
        if (!ar || ar.auscultationId) {
          await removePendingUpload(upload.clientRecordingId).catch(() => undefined);
          continue;
        }
        try {
          const result = await uploadSelfExamAuscultation(upload, initial.token);
          await removePendingUpload(upload.clientRecordingId).catch(() => undefined);
          if (!cancelled) await markSent(ar.id, result);
        } catch {
          if (!cancelled) setResuming('failed');
          return;
        }
      }
      if (!cancelled) setResuming('idle');
    })();
    return () => {
      cancelled = true;
    };
    // Once per session.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initial]);

  if (step === 'sent') {
    return (
      <SentStep
        earlier={initial.finalized}
        providerName={session.providerName}
        patientInitiated={session.initiatedBy === 'patient'}
      />
    );
  }
  const notices = (
    <>
      {resuming === 'sending' && (
        <Alert severity="info" role="status" sx={{ mb: 2 }}>
          Sending a recording saved on this computer earlier…
        </Alert>
      )}
      {resuming === 'failed' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          A recording saved earlier could not be sent yet. It stays on this computer; reload the page to try again.
        </Alert>
      )}
    </>
  );
  if (step === 'instructions' || openIndex < 0) {
    return (
      <>
        {notices}
        <InstructionsStep session={session} devices={devices} onStart={() => setStep('record')} />
      </>
    );
  }
  const ar = session.auscultationRequests[openIndex]!;
  return (
    <>
      {notices}
      <RecordPointStep
        key={ar.id}
        selfExamRequestId={session.selfExamRequestId}
        token={session.token}
        ar={ar}
        position={{ index: openIndex, total }}
        deviceId={devices.deviceId}
        onSent={(result) => void markSent(ar.id, result)}
      />
    </>
  );
}
