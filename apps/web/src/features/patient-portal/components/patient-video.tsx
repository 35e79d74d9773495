import { useState } from 'react';
import Alert from '@mui/material/Alert';
import { MediaGate } from '../../../components/video/media-gate.tsx';
import { PatientVideoRoom } from '../../../components/video/patient-video-room.tsx';
import { useLocalMedia } from '../../../components/video/use-local-media.ts';
import type { LiveExamChannel } from '../../../lib/realtime/live-exam-channel.ts';

/**
 * The admitted patient's video (issue 16): the compatibility check, then the room with the
 * clinician's video, the patient's own preview, mute and Leave.
 */
export function PatientVideo(props: { virtualExamId: string; sessionToken: () => string; channel: LiveExamChannel }) {
  const [left, setLeft] = useState(false);
  const [switched, setSwitched] = useState<string | null>(null);
  const media = useLocalMedia({
    onDeviceSwitched: (kind, label) =>
      setSwitched(`${kind === 'video' ? 'Camera' : 'Microphone'} changed to ${label}.`),
  });
  if (left) {
    return (
      <Alert severity="info" role="status" sx={{ fontSize: '1.125rem' }}>
        You have left the exam. You can close this page.
      </Alert>
    );
  }
  return (
    <MediaGate media={media}>
      {switched ? (
        <Alert severity="info" onClose={() => setSwitched(null)} sx={{ mb: 2 }}>
          {switched}
        </Alert>
      ) : null}
      <PatientVideoRoom
        virtualExamId={props.virtualExamId}
        sessionToken={props.sessionToken()}
        channel={props.channel}
        media={media}
        onLeave={() => {
          props.channel.close();
          setLeft(true);
        }}
      />
    </MediaGate>
  );
}
