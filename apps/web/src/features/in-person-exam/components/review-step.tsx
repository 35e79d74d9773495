import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { PresetName } from '@auscura/audio-engine';
import type { AuscultationPoint } from '@auscura/contracts';
import { uploadAuscultation } from '../../../lib/api/auscultations/upload-auscultation.ts';
import { useReviewPlayback } from '../../../hooks/use-review-playback.ts';
import { removePendingRecording, savePendingRecording } from '../utils/pending-recordings.ts';
import type { PendingRecording } from '../utils/pending-recordings.ts';
import { siteName } from '@auscura/contracts';
import { recordingFile } from '../../../lib/audio/recorded.ts';
import type { Recorded } from '../../../lib/audio/recorded.ts';
import { CaptureFlag } from '../../../components/recording/capture-flag.tsx';

type ReviewStepProps = {
  examId: string;
  patientProfileId: string;
  point: AuscultationPoint;
  recorded: Recorded;
  preset: PresetName;
  /** The server has the recording. */
  onSaved: () => void;
  /** Back to the Auscultate step: this recording is dropped. */
  onRerecord: () => void;
};

type Upload = { state: 'idle' } | { state: 'sending'; percent: number } | { state: 'failed' };

/**
 * The wizard's 'Review' step: listen, then Save (upload with a progress bar) or record again. From
 * Save on, the recording is also in IndexedDB until the server has it, under one clientRecordingId
 * that every retry reuses.
 */
export function ReviewStep({
  examId,
  patientProfileId,
  point,
  recorded,
  preset,
  onSaved,
  onRerecord,
}: ReviewStepProps) {
  const playback = useReviewPlayback(recorded.samples, recorded.sampleRate, preset);
  const [upload, setUpload] = useState<Upload>({ state: 'idle' });
  const [pending, setPending] = useState<PendingRecording | null>(null);
  const durationSec = recorded.samples.length / recorded.sampleRate;

  const send = async (recording: PendingRecording) => {
    setUpload({ state: 'sending', percent: 0 });
    try {
      await uploadAuscultation(recording, { onProgress: (percent) => setUpload({ state: 'sending', percent }) });
    } catch {
      setUpload({ state: 'failed' });
      return;
    }
    await removePendingRecording(recording.clientRecordingId).catch(() => undefined);
    onSaved();
  };

  const save = async () => {
    playback.stop();
    let recording = pending;
    if (!recording) {
      recording = { ...recordingFile(recorded), examId, patientProfileId, auscultationPoint: point };
      setPending(recording);
      // Kept even if the page is closed mid-upload; a storage failure must not stop the upload.
      await savePendingRecording(recording).catch(() => undefined);
    }
    await send(recording);
  };

  const discard = async () => {
    if (pending) await removePendingRecording(pending.clientRecordingId).catch(() => undefined);
    onRerecord();
  };

  const sending = upload.state === 'sending';
  // A silent, clipped or too-short recording is not saved without the clinician saying so.
  const flagged = !recorded.check.ok;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Typography>
        {siteName(point.label)}: {durationSec.toFixed(1)} s recorded. Listen to it before saving.
      </Typography>
      <Box>
        {playback.playing ? (
          <Button variant="outlined" onClick={playback.stop}>
            Stop playback
          </Button>
        ) : (
          <Button variant="outlined" onClick={() => void playback.play()} disabled={sending}>
            Play recording
          </Button>
        )}
        {playback.failed && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            The recording could not be played.
          </Alert>
        )}
      </Box>
      <CaptureFlag check={recorded.check} audience="clinician" />
      {sending && (
        <Box>
          <Typography variant="body2" id="upload-progress-label">
            Uploading… {upload.percent}%
          </Typography>
          <LinearProgress
            variant="determinate"
            value={upload.percent}
            aria-labelledby="upload-progress-label"
            sx={{ height: 8, borderRadius: 1 }}
          />
        </Box>
      )}
      {upload.state === 'failed' && (
        <Alert severity="error">
          The recording could not be uploaded. It is kept on this computer until it is sent or discarded.
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 2 }}>
        {upload.state === 'failed' ? (
          <>
            <Button onClick={() => void discard()}>Discard</Button>
            <Button variant="contained" onClick={() => pending && void send(pending)}>
              Retry
            </Button>
          </>
        ) : flagged ? (
          <>
            <Button variant="contained" onClick={() => void discard()} disabled={sending}>
              Record again
            </Button>
            <Button onClick={() => void save()} disabled={sending}>
              Save anyway
            </Button>
          </>
        ) : (
          <>
            <Button onClick={() => void discard()} disabled={sending}>
              Back
            </Button>
            <Button variant="contained" onClick={() => void save()} disabled={sending}>
              Save
            </Button>
          </>
        )}
      </Box>
    </Box>
  );
}
