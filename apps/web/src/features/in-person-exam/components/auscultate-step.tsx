import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { AuscultationPoint } from '@auscura/contracts';
import { useCountdown } from '../../../hooks/use-countdown.ts';
import { useLiveInput } from '../../../hooks/use-live-input.ts';
import type { MonitorSettings } from '../../../hooks/use-live-input.ts';
import { pointName } from '../utils/points.ts';
import { toNoiseQualityRecord } from '../../../lib/audio/recorded.ts';
import type { Recorded } from '../../../lib/audio/recorded.ts';
import { LevelMeter } from '../../../components/recording/level-meter.tsx';
import { MonitorControls } from '../../../components/recording/monitor-controls.tsx';

type Phase = 'idle' | 'recording' | 'finishing';

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
  const [phase, setPhase] = useState<Phase>('idle');
  const stopRecorder = useRef<(() => void) | null>(null);
  const countdown = useCountdown(() => stopRecorder.current?.());
  const resetCountdown = countdown.reset;
  const latest = useRef({ onRecorded, onFailed });
  latest.current = { onRecorded, onFailed };

  const start = () => {
    if (!input) return;
    const recording = input.record();
    stopRecorder.current = recording.stop;
    setPhase('recording');
    countdown.start();
    void recording.done.then(async (capture) => {
      countdown.stop();
      setPhase('finishing');
      stopRecorder.current = null;
      if (capture.samples.length === 0) {
        setPhase('idle');
        countdown.reset();
        latest.current.onFailed();
        return;
      }
      try {
        const { acquireEngineBridge } = await import('../../../lib/audio/engine-bridge.ts');
        const { bridge, release } = acquireEngineBridge();
        try {
          const flags = await bridge.call('noiseQuality', [capture.samples, capture.sampleRate]);
          latest.current.onRecorded({
            samples: capture.samples,
            sampleRate: capture.sampleRate,
            deviceLabel: input.deviceLabel,
            noiseQualityRecord: toNoiseQualityRecord(flags),
          });
        } finally {
          release();
        }
      } catch {
        setPhase('idle');
        countdown.reset();
        latest.current.onFailed();
      }
    });
  };

  const stop = () => stopRecorder.current?.();

  // The input ended mid-recording (unplugged): the auscultation is cancelled.
  useEffect(() => {
    if (!failed || phase !== 'recording') return;
    stopRecorder.current = null;
    resetCountdown();
    setPhase('idle');
    latest.current.onFailed();
  }, [failed, phase, resetCountdown]);

  const seconds = (countdown.remainingMs / 1000).toFixed(1);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Typography>
        Place the stethoscope on <strong>{pointName(point)}</strong>, then start the auscultation.
      </Typography>
      {failed && phase === 'idle' && (
        <Alert severity="warning">The stethoscope input could not be opened. Check the device and try again.</Alert>
      )}
      <LevelMeter db={level?.peakDb ?? null} />
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
          value={(countdown.remainingMs / 600) | 0}
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
          <Button variant="contained" onClick={start} disabled={!input || phase !== 'idle'}>
            Start Auscultation
          </Button>
        )}
        {phase === 'finishing' && <Typography role="status">Preparing the review…</Typography>}
      </Box>
    </Box>
  );
}
