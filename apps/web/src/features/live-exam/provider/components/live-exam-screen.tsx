import { useCallback } from 'react';
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../../../config/paths.ts';
import { PageSpinner } from '../../../../components/feedback/page-spinner.tsx';
import { useVirtualExam } from '../../../../lib/api/virtual-exams/get-virtual-exam.ts';
import { useCreateVirtualExamExam } from '../../../../lib/api/virtual-exams/create-virtual-exam-exam.ts';
import { ApiError } from '../../../../lib/api-client.ts';
import { patientName } from '../../../../lib/format-patient.ts';
import { LiveExamRoom } from './live-exam-room.tsx';
import type { RenderProviderVideoRoom } from './live-exam-room.tsx';
import { LobbyFrame } from './lobby-frame.tsx';
import { StartExamScreen } from './start-exam-screen.tsx';

/** The lobby state of exams-and-devices §4 that the page's navigation state carries. */
type LiveExamNavigationState = {
  patientProfileId?: string;
  /** The room is open (lobby state 'exam'). */
  inExam?: boolean;
  /** Why the room was left (§2.3). */
  reason?: 'entryError' | 'exited';
};

type LiveExamScreenProps = {
  liveExamId: string | undefined;
  provider: { healthcareProviderId: string; organizationId: string; name: string };
  /** The video room, put in the room shell's slot (see LiveExamRoom). */
  renderVideoRoom?: RenderProviderVideoRoom;
  /** The local camera preview every lobby screen shows (§2.3), from the video room. */
  lobbyPreview?: ReactNode;
};

/** /live-exam and /live-exam/{id} for a signed-in provider: the lobby (§2.3) and the room (§2.4). */
export function LiveExamScreen({ liveExamId, provider, renderVideoRoom, lobbyPreview }: LiveExamScreenProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? {}) as LiveExamNavigationState;
  const query = useVirtualExam(liveExamId);
  // Creating the exam refetches the virtual exam, so the room knows its exam (notes, recordings).
  const createExam = useCreateVirtualExamExam();

  const go = useCallback(
    (id: string, next: LiveExamNavigationState) =>
      void navigate(paths.liveExam.getHref(id), { replace: true, state: next }),
    [navigate],
  );
  const onEntryError = useCallback(() => liveExamId && go(liveExamId, { reason: 'entryError' }), [go, liveExamId]);
  const onExit = useCallback(() => liveExamId && go(liveExamId, { reason: 'exited' }), [go, liveExamId]);

  if (!liveExamId) {
    return (
      <StartExamScreen
        preview={lobbyPreview}
        healthcareProviderId={provider.healthcareProviderId}
        organizationId={provider.organizationId}
        patientProfileId={state.patientProfileId ?? null}
        // §2.3: the address becomes /live-exam/{id} and the room opens.
        onStarted={(id) => go(id, { inExam: true })}
      />
    );
  }
  if (query.isPending) return <PageSpinner label="Loading the exam…" />;
  if (query.isError) {
    return <Alert severity="error">This exam could not be loaded. It may not exist or not be yours.</Alert>;
  }
  const exam = query.data;

  if (state.inExam) {
    return (
      <LiveExamRoom
        exam={exam}
        provider={{ id: provider.healthcareProviderId, name: provider.name }}
        onExit={onExit}
        onEntryError={onEntryError}
        renderVideoRoom={renderVideoRoom}
      />
    );
  }

  const enter = async () => {
    try {
      // §4: an exam is created for the virtual exam before the room opens (a scheduled one has none yet).
      if (!exam.examId) await createExam.mutateAsync(exam.id);
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'EXAM_EXISTS')) return onEntryError();
    }
    go(exam.id, { inExam: true });
  };
  const home = <Button onClick={() => void navigate(paths.home.getHref())}>Return to dashboard</Button>;
  const patient = exam.patientProfile ? patientName(exam.patientProfile) : 'the patient';
  const about = <Typography>Virtual exam with {patient}.</Typography>;

  if (state.reason === 'entryError') {
    return (
      <LobbyFrame
        preview={lobbyPreview}
        title="Error entering the exam"
        actions={
          <>
            <Button variant="contained" onClick={() => void enter()}>
              Try again
            </Button>
            {home}
          </>
        }
      >
        {about}
      </LobbyFrame>
    );
  }
  if (state.reason === 'exited') {
    return (
      <LobbyFrame
        preview={lobbyPreview}
        title="You have left the exam"
        actions={
          <>
            <Button variant="contained" onClick={() => void enter()}>
              Re-enter exam
            </Button>
            {home}
          </>
        }
      >
        {about}
      </LobbyFrame>
    );
  }
  return (
    <LobbyFrame
      preview={lobbyPreview}
      title="Ready to enter the exam?"
      actions={
        <>
          <Button variant="contained" onClick={() => void enter()}>
            Enter exam
          </Button>
          {home}
        </>
      }
    >
      {about}
    </LobbyFrame>
  );
}
