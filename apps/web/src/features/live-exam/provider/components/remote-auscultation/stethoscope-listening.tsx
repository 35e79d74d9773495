import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import HearingIcon from '@mui/icons-material/Hearing';
import type { StethoscopeCapture } from '@auscura/contracts';
import { LevelMeter } from '../../../../../components/recording/level-meter.tsx';
import { CaptureStatus } from '../../../../../components/recording/capture-status.tsx';
import type { LiveCaptureState } from '@auscura/audio-engine';
import { MonitorControls } from '../../../../../components/recording/monitor-controls.tsx';
import type { MonitorSettings } from '../../../../../hooks/use-live-input.ts';
import { stethoscopeDisconnectedText, stethoscopeNotDetectedText } from '../../utils/remote-auscultation-texts.ts';

/** §4 preview state: nothing asked; asked, no sound yet; the stethoscope is heard. */
export type PreviewState = 'inactive' | 'transitioning' | 'active';

/** What the patient's browser said of its capture: the processing the browser left on, if any. */
function captureSummary(capture: StethoscopeCapture): { text: string; clean: boolean } {
  const on = [
    capture.echoCancellation && 'echo cancellation',
    capture.noiseSuppression && 'noise suppression',
    capture.autoGainControl && 'automatic gain',
  ].filter(Boolean);
  const rate = capture.sampleRate ? `, ${capture.sampleRate / 1000} kHz` : '';
  return on.length === 0
    ? { text: `${capture.deviceLabel || 'Stethoscope'}: browser processing off${rate}`, clean: true }
    : { text: `${capture.deviceLabel || 'Stethoscope'}: the patient's browser left ${on.join(', ')} on`, clean: false };
}

/**
 * The stethoscope part of the side panel: whether the patient's stethoscope is connected and how it
 * is captured, Preview / Stop Preview (§4 preview state), the filter and gain of the engine's chain,
 * the level meter, and the bad-noise warning the patient's engine sends (§7.2 badNoiseDetected).
 */
export function StethoscopeListening(props: {
  connected: boolean;
  /** The patient has been in the room with a stethoscope that went away since. */
  wasConnected: boolean;
  capture: StethoscopeCapture | null;
  preview: PreviewState;
  onPreview: (on: boolean) => void;
  monitor: MonitorSettings;
  onMonitorChange: (next: MonitorSettings) => void;
  levelDb: number | null;
  /** The live contact / clipping indication of the patient's stethoscope (judged while it is heard). */
  contact: LiveCaptureState;
  badNoise: boolean;
  /** A recording is running: the preview cannot be stopped under it. */
  recording: boolean;
}) {
  const summary = props.capture ? captureSummary(props.capture) : null;
  return (
    <Stack spacing={1.5} component="section" aria-labelledby="stethoscope-title">
      <Typography variant="subtitle1" component="h3" id="stethoscope-title" sx={{ fontWeight: 600 }}>
        Patient’s stethoscope
      </Typography>
      {props.connected ? (
        summary ? (
          <Typography variant="body2" color={summary.clean ? 'text.secondary' : 'warning.main'}>
            {summary.text}
          </Typography>
        ) : null
      ) : (
        <Alert severity="warning">
          {props.wasConnected ? stethoscopeDisconnectedText : stethoscopeNotDetectedText}
        </Alert>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Button
          variant={props.preview === 'inactive' ? 'outlined' : 'contained'}
          startIcon={<HearingIcon />}
          aria-pressed={props.preview !== 'inactive'}
          disabled={!props.connected || (props.recording && props.preview !== 'inactive')}
          onClick={() => props.onPreview(props.preview === 'inactive')}
        >
          {props.preview === 'inactive' ? 'Preview' : 'Stop Preview'}
        </Button>
        {props.preview === 'transitioning' ? (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <CircularProgress size={18} aria-hidden="true" />
            <Typography variant="body2">Waiting for the stethoscope’s sound…</Typography>
          </Box>
        ) : props.preview === 'active' ? (
          <Typography variant="body2" role="status">
            Listening live
          </Typography>
        ) : null}
      </Box>
      {props.badNoise && props.preview !== 'inactive' ? (
        <Alert severity="warning" role="status">
          The stethoscope picks up noise. Ask the patient to keep still and quiet, and to hold it firmly on the skin.
        </Alert>
      ) : null}
      <MonitorControls value={props.monitor} onChange={props.onMonitorChange} showSwitch={false} />
      <Box>
        <LevelMeter db={props.levelDb} label="Stethoscope level" />
        <CaptureStatus
          state={props.preview !== 'inactive' || props.recording ? props.contact : 'ok'}
          audience="clinician"
        />
      </Box>
    </Stack>
  );
}
