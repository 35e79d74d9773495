import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { useAudioInputs } from '../../../hooks/use-audio-inputs.ts';
import { DeviceWarnings } from './device-warnings.tsx';
import { InputSelect } from '../../../components/recording/input-select.tsx';

type DeviceCheckProps = {
  devices: ReturnType<typeof useAudioInputs>;
  starting: boolean;
  startFailed: boolean;
  onStart: () => void;
};

/** A failed step of the check, with its explanation and a Retry button. */
function RetryAlert({ title, onRetry, children }: { title: string; onRetry: () => void; children: ReactNode }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      <AlertTitle>{title}</AlertTitle>
      {children}
    </Alert>
  );
}

/** The compatibility check that opens the In-Person Exam dialog (exams-and-devices §2.9). */
export function DeviceCheck({ devices, starting, startFailed, onStart }: DeviceCheckProps) {
  const { check } = devices;
  return (
    <Box component="section" aria-labelledby="device-check-title" sx={{ maxWidth: 640, mx: 'auto', py: 4 }}>
      <Typography variant="h5" component="h2" id="device-check-title" sx={{ mb: 2 }}>
        Compatibility check
      </Typography>
      {check.status === 'checking' && (
        <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <CircularProgress size={24} aria-hidden />
          <Typography>Checking the microphone and the stethoscope…</Typography>
        </Box>
      )}
      {check.status === 'unsupported' && (
        <Alert severity="error">
          <AlertTitle>Error acquiring media</AlertTitle>
          This browser cannot record audio here. Use a current Chrome or Edge on a desktop computer.
        </Alert>
      )}
      {check.status === 'denied' && (
        <RetryAlert title="Permission denied" onRetry={devices.retry}>
          The browser was not allowed to use the microphone. Allow microphone access for this site (the icon in the
          address bar), then select Retry.
        </RetryAlert>
      )}
      {check.status === 'failed' && (
        <RetryAlert title="Error acquiring media" onRetry={devices.retry}>
          No audio input could be opened. Connect the stethoscope, close other applications using it, then select Retry.
        </RetryAlert>
      )}
      {check.status === 'ready' && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
          <Alert severity="success">Microphone access granted.</Alert>
          <DeviceWarnings detected={devices.detected} disconnected={devices.disconnected} />
          <InputSelect inputs={devices.inputs} value={devices.deviceId} onChange={devices.choose} />
          {startFailed && <Alert severity="error">There was an error starting the exam. Please try again.</Alert>}
          <Box>
            <Button variant="contained" onClick={onStart} disabled={!devices.deviceId || starting}>
              Start exam
            </Button>
          </Box>
        </Box>
      )}
    </Box>
  );
}
