import { useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { AuscultationPoint } from '@auscura/contracts';
import { useLiveInput } from '../../../hooks/use-live-input.ts';
import type { MonitorSettings } from '../../../hooks/use-live-input.ts';
import { useRecorder } from '../../../hooks/use-recorder.ts';
import { siteName, siteOf } from '@auscura/contracts';
import type { Recorded } from '../../../lib/audio/recorded.ts';
import { LevelMeter } from '../../../components/recording/level-meter.tsx';
import { CaptureStatus } from '../../../components/recording/capture-status.tsx';
import { useCaptureWatch } from '../../../hooks/use-capture-watch.ts';
import { MonitorControls } from '../../../components/recording/monitor-controls.tsx';

type AuscultateStepProps = {
  point: AuscultationPoint;
  deviceId: string | null;
  monitor: MonitorSettings;
  onMonitorChange: (next: MonitorSettings) => void;
  onRecorded: (recorded: Recorded) => void;
  /** The recording failed (empty, or the input went away while recording). */
  onFailed: () => void;
  onBack: () => void;
};

/** The wizard's 'Auscultate' step: level, live monitor, 60 s countdown, Start/Stop (exams-and-devices §4). */
export function AuscultateStep(props: AuscultateStepProps) {
  const { point, deviceId, monitor, onMonitorChange, onRecorded, onFailed, onBack } = props;
  const { input, level, failed } = useLiveInput(deviceId, monitor);
  const recorder = useRecorder(input, { inputFailed: failed });
  const contact = useCaptureWatch(level);
  const { phase, remainingMs } = recorder;
  const latest = useRef({ onRecorded, onFailed });
  latest.current = { onRecorded, onFailed };

  const start = async () => {
    const outcome = await recorder.start(point.type);
    if (outcome.kind === 'recorded') latest.current.onRecorded(outcome.recorded);
    // Empty, unplugged, or the engine could not prepare it: the auscultation is cancelled.
    else if (outcome.kind !== 'unavailable' && outcome.kind !== 'discarded') latest.current.onFailed();
  };
  const stop = recorder.stop;

  const seconds = (remainingMs / 1000).toFixed(1);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Typography>
        Place the stethoscope on <strong>{siteName(point.label)}</strong>, then start the auscultation.
      </Typography>
      {siteOf(point.label)?.description ? (
        <Typography color="text.secondary">{siteOf(point.label)?.description}</Typography>
      ) : null}
      {failed && phase === 'idle' && (
        <Alert severity="warning">The stethoscope input could not be opened. Check the device and try again.</Alert>
      )}
      <Box>
        <LevelMeter db={level?.peakDb ?? null} />
        <CaptureStatus state={contact} audience="clinician" />
      </Box>
      <MonitorControls value={monitor} onChange={onMonitorChange} />
      <Box>
        <Typography
          variant="h4"
          component="p"
          aria-live="off"
          id="countdown"
          sx={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {seconds} s
        </Typography>
        <LinearProgress
          variant="determinate"
          value={(remainingMs / 600) | 0}
          aria-label="Time left"
          sx={{ mt: 1, height: 8, borderRadius: 1 }}
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 2 }}>
        <Button onClick={onBack} disabled={phase !== 'idle'}>
          Back
        </Button>
        {phase === 'recording' ? (
          <Button variant="contained" color="error" onClick={stop}>
            Stop Auscultation
          </Button>
        ) : (
          <Button variant="contained" onClick={() => void start()} disabled={!input || phase !== 'idle'}>
            Start Auscultation
          </Button>
        )}
        {phase === 'finishing' && <Typography role="status">Preparing the review…</Typography>}
      </Box>
    </Box>
  );
}
