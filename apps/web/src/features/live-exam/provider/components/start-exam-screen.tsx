import type { ReactNode } from 'react';
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { PatientProfile } from '@auscura/contracts';
import { useNavigate } from 'react-router-dom';
import { PatientAutocomplete } from '../../../../components/virtual-exams/patient-autocomplete.tsx';
import { usePatientProfile } from '../../../../lib/api/patient-profiles/get-patient-profile.ts';
import { useCreateVirtualExam } from '../../../../lib/api/virtual-exams/create-virtual-exam.ts';
import { useCreateVirtualExamExam } from '../../../../lib/api/virtual-exams/create-virtual-exam-exam.ts';
import { patientName } from '../../../../lib/format-patient.ts';
import { useNotify } from '../../../../components/notifications/use-notify.ts';
import { LobbyFrame } from './lobby-frame.tsx';

const lobbyTexts = {
  patientRequired: 'You must select a patient',
  startFailed: 'There was an error starting the exam. Please try again.',
} as const;

type StartExamScreenProps = {
  healthcareProviderId: string;
  organizationId: string;
  /** From navigation state (a patient's row or page): the exam is for this patient. */
  patientProfileId: string | null;
  /** Called with the new virtual exam's id once it and its exam exist (§4: create, then enter). */
  onStarted: (virtualExamId: string) => void;
  /** The local camera preview (§2.3: every lobby screen shows it). */
  preview?: ReactNode;
};

/** /live-exam without an id (exams-and-devices §2.3): start an exam now, for a chosen patient. */
export function StartExamScreen({
  healthcareProviderId,
  organizationId,
  patientProfileId,
  onStarted,
  preview,
}: StartExamScreenProps) {
  const navigate = useNavigate();
  const notify = useNotify();
  const create = useCreateVirtualExam();
  // Through the mutation, not the bare fetcher: it refreshes the virtual exam the room reads, whose
  // cached copy (from the create above) has no exam yet — without it the room waited for good.
  const createExam = useCreateVirtualExamExam();
  const given = usePatientProfile(patientProfileId);
  const [chosen, setChosen] = useState<PatientProfile | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [starting, setStarting] = useState(false);

  const start = async () => {
    const id = patientProfileId ?? chosen?.id;
    if (!id) return setError(lobbyTexts.patientRequired);
    setStarting(true);
    try {
      const virtualExam = await create.mutateAsync({
        healthcareProviderId,
        patientProfileId: id,
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      });
      await createExam.mutateAsync(virtualExam.id);
      onStarted(virtualExam.id);
    } catch {
      notify(lobbyTexts.startFailed, 'error');
      setStarting(false);
    }
  };

  const actions = (
    <>
      <Button variant="contained" onClick={() => void start()} loading={starting}>
        Start exam
      </Button>
      <Button onClick={() => void navigate(-1)}>Cancel</Button>
    </>
  );

  if (patientProfileId) {
    return (
      <LobbyFrame title="Ready to start the exam?" actions={actions} preview={preview}>
        {given.isError ? (
          <Alert severity="error">The patient could not be loaded.</Alert>
        ) : (
          <Typography>Patient: {given.data ? patientName(given.data) : 'Loading…'}</Typography>
        )}
      </LobbyFrame>
    );
  }
  return (
    <LobbyFrame title="Start a virtual exam" actions={actions} preview={preview}>
      <PatientAutocomplete
        organizationId={organizationId}
        value={chosen}
        onChange={(patient) => {
          setChosen(patient);
          if (patient) setError(undefined);
        }}
        error={error}
        autoFocus
      />
    </LobbyFrame>
  );
}
