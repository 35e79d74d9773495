import { useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PatientSession } from '@auscura/contracts';
import { usePublicConfig } from '../../../../lib/public-config.ts';
import { useOpenLiveExamChannel } from '../../../../lib/realtime/use-open-live-exam-channel.ts';
import { useLiveExamField, useLiveExamStatus } from '../../../../lib/realtime/use-live-exam-field.ts';
import type { LiveExamChannel } from '../../../../lib/realtime/live-exam-channel.ts';
import { getPotentialParticipantToken } from '../../../../lib/api/realtime/get-potential-participant-token.ts';
import { usePatientSession } from '../hooks/use-patient-session.ts';

/** What the patient's video room gets: the shared state and the patient's session (its newest token). */
export type PatientVideoRoomProps = {
  channel: LiveExamChannel;
  session: PatientSession;
  /** The session's newest bearer token (it is renewed while the page is open). */
  currentToken: () => string;
};
export type RenderPatientVideoRoom = (props: PatientVideoRoomProps) => ReactNode;

type PatientInExamProps = {
  session: PatientSession;
  /** THE PATIENT'S VIDEO ROOM GOES HERE once admitted (the video issue); a placeholder until then. */
  renderVideoRoom?: RenderPatientVideoRoom;
};

/**
 * After the name: joins the live exam's shared state, asks to enter (entry request pending),
 * waits and says so, then shows the room once the clinician admits, or a clear refusal.
 */
export function PatientInExam({ session: initial, renderVideoRoom }: PatientInExamProps) {
  const config = usePublicConfig();
  const session = usePatientSession(initial);
  const options = useMemo(
    () => ({
      config,
      virtualExamId: initial.virtualExamId,
      participant: { id: initial.participantId, name: initial.userName, role: 'Patient' as const },
      getToken: () => getPotentialParticipantToken(initial.virtualExamId, session.current().token),
    }),
    [config, initial, session],
  );
  const { channel, error } = useOpenLiveExamChannel(options);
  const status = useLiveExamStatus(channel);
  const request = useLiveExamField(channel, 'examEntryRequest');
  const asked = useRef(false);

  const ask = () => {
    if (!channel) return;
    asked.current = true;
    void channel.write('examEntryRequest', { status: 'pending' }).catch(() => (asked.current = false));
  };
  // Ask once the state is there (§4: the patient asks to enter; the clinician's dialog rings).
  useEffect(() => {
    if (channel && status === 'connected' && !asked.current) ask();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [channel, status]);

  const mine = request && request.participantId === initial.participantId ? request : null;
  // Once admitted the patient stays in: the slot then holds later patients' requests (the server
  // keeps who was admitted).
  const [admitted, setAdmitted] = useState(false);
  useEffect(() => {
    if (mine?.status === 'approved') setAdmitted(true);
  }, [mine?.status]);

  if (error || session.ended) {
    return (
      <Alert severity="error" role="alert" sx={{ fontSize: '1.125rem' }}>
        We could not connect you to the exam. It may have ended. Please contact your clinician.
      </Alert>
    );
  }
  if ((admitted || mine?.status === 'approved') && channel) {
    return (
      <Stack spacing={2}>
        <Typography variant="h4" component="h1">
          You are in the exam
        </Typography>
        <Typography>Your clinician let you in. Keep this page open until the exam is over.</Typography>
        <Paper
          variant="outlined"
          data-slot="patient-video-room"
          sx={{ minHeight: 320, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}
        >
          {renderVideoRoom ? (
            renderVideoRoom({ channel, session: initial, currentToken: () => session.current().token })
          ) : (
            <Typography>The video of your exam appears here.</Typography>
          )}
        </Paper>
      </Stack>
    );
  }
  if (mine?.status === 'denied') {
    return (
      <Stack spacing={3}>
        <Typography variant="h4" component="h1">
          You were not let in
        </Typography>
        <Alert severity="warning" role="alert" sx={{ fontSize: '1.125rem' }}>
          Your clinician did not let you into this exam. If you think this is a mistake, please contact your clinician.
        </Alert>
        <Button variant="outlined" size="large" onClick={ask} fullWidth>
          Ask again
        </Button>
      </Stack>
    );
  }
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        Waiting for your clinician
      </Typography>
      <Box role="status" aria-live="polite" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        <CircularProgress size={32} aria-hidden="true" />
        <Typography>
          {status !== 'connected'
            ? 'Connecting you to the exam…'
            : 'Your clinician has been told you are here and will let you in shortly.'}
        </Typography>
      </Box>
      <Typography>Keep this page open. You do not need to do anything else.</Typography>
    </Stack>
  );
}
