import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { auscultationPoints, siteName, siteOf } from '@auscura/contracts';
import type { SelfExamAuscultationRequest } from '@auscura/contracts';
import { LevelMeter } from '../../../components/recording/level-meter.tsx';
import { CaptureFlag } from '../../../components/recording/capture-flag.tsx';
import { CaptureStatus } from '../../../components/recording/capture-status.tsx';
import { useCaptureWatch } from '../../../hooks/use-capture-watch.ts';
import { TorsoDiagram } from '../../../components/recording/torso-diagram.tsx';
import { useReviewPlayback } from '../../../hooks/use-review-playback.ts';
import type { Recorded } from '../../../lib/audio/recorded.ts';
import { usePointRecorder } from '../hooks/use-point-recorder.ts';
import { pendingFrom, useSendRecording } from '../hooks/use-send-recording.ts';
import type { PendingUpload } from '../utils/pending-uploads.ts';

type RecordPointStepProps = {
  selfExamRequestId: string;
  token: string;
  ar: SelfExamAuscultationRequest;
  position: { index: number; total: number };
  deviceId: string | null;
  onSent: (result: { id: string; finalized: boolean }) => void;
};

function Review({
  recorded,
  onRedo,
  onSend,
  disabled,
}: {
  recorded: Recorded;
  onRedo: () => void;
  onSend: () => void;
  disabled: boolean;
}) {
  const playback = useReviewPlayback(recorded.samples, recorded.sampleRate, 'wide');
  const seconds = (recorded.samples.length / recorded.sampleRate).toFixed(0);
  // A silent, clipped or too-short recording: recording again comes first, sending it is still possible.
  const flagged = !recorded.check.ok;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography>{seconds} seconds recorded. Listen to it, then send it or record again.</Typography>
      <CaptureFlag check={recorded.check} audience="patient" />
      {playback.failed && <Alert severity="warning">The recording could not be played on this computer.</Alert>}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        {playback.playing ? (
          <Button variant="outlined" onClick={playback.stop}>
            Stop listening
          </Button>
        ) : (
          <Button variant="outlined" onClick={() => void playback.play()} disabled={disabled}>
            Listen
          </Button>
        )}
        <Button
          variant={flagged ? 'contained' : 'outlined'}
          onClick={() => {
            playback.stop();
            onRedo();
          }}
          disabled={disabled}
        >
          Record again
        </Button>
        <Button
          variant={flagged ? 'text' : 'contained'}
          onClick={() => {
            playback.stop();
            onSend();
          }}
          disabled={disabled}
        >
          {flagged ? 'Send this recording anyway' : 'Send this recording'}
        </Button>
      </Box>
    </Box>
  );
}

/** One requested point: where to place the stethoscope, the recording, listening back and sending. */
export function RecordPointStep({ selfExamRequestId, token, ar, position, deviceId, onSent }: RecordPointStepProps) {
  const site = siteOf(ar.auscultationPoint);
  const recorder = usePointRecorder(deviceId, site?.type ?? 'other');
  const contact = useCaptureWatch(recorder.level);
  const { send, run } = useSendRecording(token, onSent);
  const [pending, setPending] = useState<PendingUpload | null>(null);
  const title = siteName(ar.auscultationPoint);
  const point = auscultationPoints.find((p) => p.label === ar.auscultationPoint) ?? {
    type: 'other' as const,
    label: ar.auscultationPoint,
  };
  const sending = send.state === 'sending';

  const sendNow = () => {
    if (!recorder.recorded) return;
    const upload = pending ?? pendingFrom(selfExamRequestId, ar, recorder.recorded);
    const first = pending === null;
    setPending(upload);
    void run(upload, { alreadySaved: !first });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box>
        <Typography color="text.secondary" component="p">
          Point {position.index + 1} of {position.total}
        </Typography>
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <TorsoDiagram point={point} showModes={false} scale={1.6} />
        <Box sx={{ flex: '1 1 220px' }}>
          <Typography variant="h6" component="h2">
            Where to place the stethoscope
          </Typography>
          <Typography>{site?.patientPlacement}</Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {site?.position?.view === 'back'
              ? 'The picture shows your back, as someone behind you sees it.'
              : 'The picture shows your chest from the front, as someone facing you sees it.'}
          </Typography>
          <Typography sx={{ mt: 1 }}>Press it gently on bare skin and stay still and quiet while recording.</Typography>
        </Box>
      </Box>
      {recorder.failed && recorder.phase === 'idle' && !recorder.recorded && (
        <Alert severity="warning">The stethoscope could not be opened. Check that it is plugged in.</Alert>
      )}
      {recorder.error && <Alert severity="warning">{recorder.error}</Alert>}
      {recorder.recorded ? (
        <Review
          recorded={recorder.recorded}
          disabled={sending}
          onRedo={() => {
            setPending(null);
            recorder.redo();
          }}
          onSend={sendNow}
        />
      ) : (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Box>
            <LevelMeter db={recorder.level?.peakDb ?? null} />
            <CaptureStatus state={contact} audience="patient" />
          </Box>
          <Box>
            <Typography variant="h5" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {(recorder.remainingMs / 1000).toFixed(0)} s left
            </Typography>
            <LinearProgress
              variant="determinate"
              value={(recorder.remainingMs / 600) | 0}
              aria-label="Recording time left"
              sx={{ mt: 1, height: 10, borderRadius: 1 }}
            />
          </Box>
          {recorder.phase === 'recording' ? (
            <Button variant="contained" color="error" size="large" onClick={recorder.stop}>
              Stop recording
            </Button>
          ) : (
            <Button
              variant="contained"
              size="large"
              onClick={recorder.start}
              disabled={!recorder.ready || recorder.phase !== 'idle'}
            >
              {recorder.phase === 'finishing' ? 'Preparing…' : 'Start recording'}
            </Button>
          )}
        </Box>
      )}
      {send.state === 'sending' && (
        <Box role="status">
          <Typography>Sending… {send.percent}%</Typography>
          <LinearProgress
            variant="determinate"
            value={send.percent}
            aria-label="Sending progress"
            sx={{ height: 10, borderRadius: 1 }}
          />
        </Box>
      )}
      {send.state === 'failed' && (
        <Alert
          severity="error"
          role="alert"
          action={
            pending ? (
              <Button color="inherit" onClick={() => void run(pending, { alreadySaved: true })}>
                Try again
              </Button>
            ) : undefined
          }
        >
          {send.message}
        </Alert>
      )}
    </Box>
  );
}
