import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { siteName, siteOf } from '@auscura/contracts';
import { InputSelect } from '../../../../components/recording/input-select.tsx';
import { LevelMeter } from '../../../../components/recording/level-meter.tsx';
import { CaptureFlag } from '../../../../components/recording/capture-flag.tsx';
import { CaptureStatus } from '../../../../components/recording/capture-status.tsx';
import { useCaptureWatch } from '../../../../hooks/use-capture-watch.ts';
import { usePublicConfig } from '../../../../lib/public-config.ts';
import type { LiveExamChannel } from '../../../../lib/realtime/live-exam-channel.ts';
import { useLiveExamField } from '../../../../lib/realtime/use-live-exam-field.ts';
import type { VideoRoom } from '../../../../lib/video/video-room.ts';
import { usePatientRecordings } from '../hooks/use-patient-recordings.ts';
import { usePatientStethoscope } from '../hooks/use-patient-stethoscope.ts';

/** The clinician asked to hear the stethoscope (a mic activation newer than the last deactivation). */
const listening = (activation: string | null | undefined, deactivation: string | null | undefined) =>
  !!activation && (!deactivation || activation > deactivation);

/**
 * The patient's stethoscope in the live exam (issue 17): found or chosen, opened through the engine,
 * sent to the clinician as its own track only while the clinician listens or records, recorded here
 * on the clinician's request and sent. Plain words for a patient at home; works at 375 px wide.
 */
export function PatientStethoscope(props: {
  channel: LiveExamChannel;
  room: VideoRoom | null;
  virtualExamId: string;
  token: () => string;
}) {
  const { channel, room } = props;
  const config = usePublicConfig();
  const lost = useRef<() => void>(() => undefined);
  const stethoscope = usePatientStethoscope(channel, { onEnded: () => lost.current() });
  const recordings = usePatientRecordings({
    channel,
    virtualExamId: props.virtualExamId,
    token: props.token,
    input: stethoscope.input,
    realtime: config.adapters.realtime,
  });
  lost.current = recordings.stethoscopeLost;
  const contact = useCaptureWatch(stethoscope.level);

  const activation = useLiveExamField(channel, 'auscultationMicActivationRequest');
  const deactivation = useLiveExamField(channel, 'auscultationMicDeactivationRequest');
  const sending = listening(activation, deactivation) || recordings.recording;
  const track = stethoscope.input?.track ?? null;

  // §7.2: the stethoscope is published only while the clinician previews or records.
  useEffect(() => {
    void room?.publishStethoscope(sending ? track : null).catch(() => undefined);
  }, [room, sending, track]);

  // §7.2 badNoiseDetected: the engine's verdict on this side, sent to the clinician when it changes.
  useEffect(() => {
    if (sending) room?.send({ type: 'badNoiseDetected', detail: stethoscope.badNoise });
  }, [room, sending, stethoscope.badNoise]);

  const view = recordings.view;
  // While a lung point is being recorded, breath sounds are the signal: the lung criterion judges noise.
  const noiseSite = view.kind === 'recording' && siteOf(view.point)?.type === 'lungs' ? 'lungs' : 'heart';
  useEffect(() => stethoscope.input?.setNoiseSite(noiseSite), [stethoscope.input, noiseSite]);

  const choose = (
    <Stack spacing={1.5}>
      <InputSelect inputs={stethoscope.inputs} value={stethoscope.selected} onChange={stethoscope.select} />
      <Button
        variant="contained"
        size="large"
        disabled={!stethoscope.selected}
        onClick={() => stethoscope.selected && stethoscope.use(stethoscope.selected)}
      >
        Use this input
      </Button>
    </Stack>
  );
  return (
    <Paper variant="outlined" component="section" aria-labelledby="patient-stethoscope-title" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography variant="h6" component="h2" id="patient-stethoscope-title">
          Your stethoscope
        </Typography>
        {stethoscope.status === 'searching' || stethoscope.status === 'opening' ? (
          <Box role="status" sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
            <CircularProgress size={24} aria-hidden="true" />
            <Typography>Looking for your stethoscope…</Typography>
          </Box>
        ) : stethoscope.status === 'notDetected' ? (
          <>
            <Alert severity="warning">Stethoscope Not Detected</Alert>
            <Typography>Plug your stethoscope into this computer, or choose the input it is connected to.</Typography>
            {choose}
          </>
        ) : stethoscope.status === 'disconnected' ? (
          <>
            <Alert severity="error" role="alert">
              Stethoscope Disconnected
            </Alert>
            <Typography>Plug your stethoscope in again, then choose it here.</Typography>
            {choose}
          </>
        ) : stethoscope.status === 'failed' ? (
          <>
            <Alert severity="error" role="alert">
              We could not open your stethoscope. Check that it is plugged in and that this page may use it.
            </Alert>
            {choose}
          </>
        ) : (
          <>
            <Typography>Connected: {stethoscope.input?.deviceLabel || 'stethoscope'}</Typography>
            <Box>
              <LevelMeter db={stethoscope.level?.peakDb ?? null} label="Stethoscope level" />
              <CaptureStatus state={contact} audience="patient" />
            </Box>
          </>
        )}
        {view.kind === 'recording' ? (
          <Alert severity="info" role="status">
            Recording {siteName(view.point)}. Keep the stethoscope still and stay quiet.
            {siteOf(view.point)?.patientPlacement ? ` Where: ${siteOf(view.point)?.patientPlacement}` : ''}
          </Alert>
        ) : view.kind === 'sending' ? (
          <Box role="status">
            <Typography id="patient-upload-label" sx={{ mb: 1 }}>
              {view.retrying
                ? 'The connection dropped. Trying again… Your recording is kept on this computer.'
                : `Sending the recording to your clinician… ${view.percent} %`}
            </Typography>
            <LinearProgress variant="determinate" value={view.percent} aria-labelledby="patient-upload-label" />
          </Box>
        ) : sending ? (
          <Alert severity="info" role="status">
            Your clinician is listening to your stethoscope. Hold it still where they show you.
          </Alert>
        ) : view.kind === 'sent' ? (
          <Alert severity="success" role="status">
            Recording of {siteName(view.point)} sent to your clinician.
          </Alert>
        ) : null}
        {recordings.flag && view.kind !== 'recording' ? (
          <CaptureFlag check={recordings.flag} audience="patient" />
        ) : null}
      </Stack>
    </Paper>
  );
}
