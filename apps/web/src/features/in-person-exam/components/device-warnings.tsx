import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';

/** exams-and-devices §8 warnings: 'Stethoscope Disconnected' and 'Stethoscope Not Detected'. */
export function DeviceWarnings({ detected, disconnected }: { detected: boolean; disconnected: boolean }) {
  if (disconnected) {
    return (
      <Alert severity="warning">
        <AlertTitle>Stethoscope Disconnected</AlertTitle>
        The audio input in use was unplugged. Plug the stethoscope in again or choose another input.
      </Alert>
    );
  }
  if (!detected) {
    return (
      <Alert severity="warning">
        <AlertTitle>Stethoscope Not Detected</AlertTitle>
        No stethoscope was found among the audio inputs. Connect it, or choose the input to record from.
      </Alert>
    );
  }
  return null;
}
