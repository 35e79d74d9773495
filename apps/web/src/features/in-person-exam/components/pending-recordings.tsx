import { useCallback, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { uploadAuscultation } from '../../../lib/api/auscultations/upload-auscultation.ts';
import { listPendingRecordings, removePendingRecording } from '../utils/pending-recordings.ts';
import type { PendingRecording } from '../utils/pending-recordings.ts';
import { siteName } from '@auscura/contracts';

/**
 * Recordings of this patient that were saved but never reached the server (a failed upload, a
 * closed page), from this exam or an earlier one. Each can be sent again (same clientRecordingId,
 * so never twice) or discarded. The one the wizard is still showing is left to the wizard.
 */
export function PendingRecordings({
  patientProfileId,
  refreshKey,
  exclude,
  onSent,
}: {
  patientProfileId: string;
  refreshKey: number;
  exclude?: string;
  onSent: () => void;
}) {
  const [pending, setPending] = useState<PendingRecording[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  const reload = useCallback(
    () => listPendingRecordings(patientProfileId).then(setPending, () => setPending([])),
    [patientProfileId],
  );
  useEffect(() => {
    void reload();
  }, [reload, refreshKey]);

  const shown = pending.filter((recording) => recording.clientRecordingId !== exclude);
  if (shown.length === 0) return null;

  const send = async (recording: PendingRecording) => {
    setBusy(recording.clientRecordingId);
    setFailed(null);
    try {
      await uploadAuscultation(recording);
      await removePendingRecording(recording.clientRecordingId);
      onSent();
    } catch {
      setFailed(recording.clientRecordingId);
    } finally {
      setBusy(null);
      await reload();
    }
  };
  const discard = async (recording: PendingRecording) => {
    await removePendingRecording(recording.clientRecordingId).catch(() => undefined);
    await reload();
  };

  return (
    <Box component="section" aria-labelledby="pending-title">
      <Typography variant="h6" component="h2" id="pending-title">
        Unsent Recordings
      </Typography>
      {shown.map((recording) => {
        const name = siteName(recording.auscultationPoint.label);
        const when = new Date(recording.dateCreated).toLocaleString();
        return (
          <Alert
            key={recording.clientRecordingId}
            severity={failed === recording.clientRecordingId ? 'error' : 'warning'}
            sx={{ mt: 1 }}
            action={
              <Box sx={{ display: 'flex', gap: 1 }}>
                <Button
                  size="small"
                  color="inherit"
                  aria-label={`Discard ${name} recording of ${when}`}
                  disabled={busy !== null}
                  onClick={() => void discard(recording)}
                >
                  Discard
                </Button>
                <Button
                  size="small"
                  color="inherit"
                  aria-label={`Retry sending ${name} recording of ${when}`}
                  disabled={busy !== null}
                  onClick={() => void send(recording)}
                >
                  Retry
                </Button>
              </Box>
            }
          >
            {name}, {recording.durationSec.toFixed(1)} s, recorded {when}: not uploaded yet.
          </Alert>
        );
      })}
    </Box>
  );
}
