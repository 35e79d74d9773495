import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { SelfExamSession } from '@auscura/contracts';
import { InputSelect } from '../../../components/recording/input-select.tsx';
import type { useAudioInputs } from '../../../hooks/use-audio-inputs.ts';
import { formatDate } from '../../../lib/format.ts';
import { siteName } from '@auscura/contracts';

/** The clinician's instructions, the points asked for, and the stethoscope check. */
export function InstructionsStep({
  session,
  devices,
  onStart,
}: {
  session: SelfExamSession;
  devices: ReturnType<typeof useAudioInputs>;
  onStart: () => void;
}) {
  const who = session.providerName ? `${session.providerName} (${session.organizationName})` : session.organizationName;
  const open = session.auscultationRequests.filter((ar) => !ar.auscultationId);
  const { check } = devices;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Typography variant="h4" component="h1">
        Before you start
      </Typography>
      <Typography>
        {session.initiatedBy === 'patient'
          ? `You chose ${session.auscultationRequests.length === 1 ? 'one place' : `${session.auscultationRequests.length} places`} to record. Your recordings go to ${who}.`
          : `${who} asked you to record on ${formatDate(`${session.examDate}T12:00:00`)}.`}
      </Typography>
      <Box component="section" aria-labelledby="instructions-title">
        <Typography variant="h6" component="h2" id="instructions-title">
          Instructions from your clinician
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap' }}>
          {session.instructions?.trim() || 'No extra instructions. Follow the steps on each page.'}
        </Typography>
      </Box>
      <Box component="section" aria-labelledby="points-title">
        <Typography variant="h6" component="h2" id="points-title">
          What to record ({session.auscultationRequests.length})
        </Typography>
        <Box component="ol" sx={{ m: 0, pl: 3 }}>
          {session.auscultationRequests.map((ar) => (
            <li key={ar.id}>
              <Typography component="span">
                {siteName(ar.auscultationPoint)}
                {ar.auscultationId ? ' — already sent' : ''}
              </Typography>
            </li>
          ))}
        </Box>
        <Typography sx={{ mt: 1 }}>
          Find a quiet room, sit down, and take off thick clothing. Each recording lasts up to 60 seconds.
        </Typography>
      </Box>
      <Box
        component="section"
        aria-labelledby="stethoscope-title"
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <Typography variant="h6" component="h2" id="stethoscope-title">
          Stethoscope check
        </Typography>
        {check.status === 'checking' && (
          <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
            <CircularProgress size={24} aria-hidden />
            <Typography>Looking for your stethoscope… If the browser asks, allow the microphone.</Typography>
          </Box>
        )}
        {check.status === 'unsupported' && (
          <Alert severity="error">
            This browser cannot record sound. Please open the link in a current Chrome or Edge on a computer.
          </Alert>
        )}
        {(check.status === 'denied' || check.status === 'failed') && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" onClick={devices.retry}>
                Try again
              </Button>
            }
          >
            <AlertTitle>{check.status === 'denied' ? 'Microphone blocked' : 'No sound input found'}</AlertTitle>
            {check.status === 'denied'
              ? 'Allow this site to use the microphone (the icon in the address bar), then select Try again.'
              : 'Plug in your stethoscope, close other programs that use it, then select Try again.'}
          </Alert>
        )}
        {check.status === 'ready' && (
          <>
            {devices.detected ? (
              <Alert severity="success">Your stethoscope is connected.</Alert>
            ) : (
              <Alert severity="warning">
                We could not recognise a stethoscope. If it is plugged in, choose it in the list below.
              </Alert>
            )}
            {devices.disconnected && (
              <Alert severity="warning">The stethoscope was unplugged. Plug it in again or choose another input.</Alert>
            )}
            <InputSelect inputs={devices.inputs} value={devices.deviceId} onChange={devices.choose} />
          </>
        )}
      </Box>
      {open.length === 0 ? (
        <Alert severity="info">Every point has been sent.</Alert>
      ) : (
        <Button
          variant="contained"
          size="large"
          onClick={onStart}
          disabled={check.status !== 'ready' || !devices.deviceId}
        >
          Start recording
        </Button>
      )}
    </Box>
  );
}
