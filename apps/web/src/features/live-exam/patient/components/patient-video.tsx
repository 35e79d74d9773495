import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { MediaGate } from '../../../../components/media/media-gate.tsx';
import { PatientVideoRoom } from './patient-video-room.tsx';
import { useLocalMedia } from '../../../../hooks/use-local-media.ts';
import { useMuteWhile } from '../../../../hooks/use-mute-while.ts';
import type { LiveExamChannel } from '../../../../lib/realtime/live-exam-channel.ts';
import { useLiveExamField } from '../../../../lib/realtime/use-live-exam-field.ts';
import { PatientStethoscope } from './patient-stethoscope.tsx';

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
  // §3 isReviewingAuscultation: while the clinician listens to the stethoscope, the patient's voice is off.
  const reviewing = useLiveExamField(props.channel, 'isReviewingAuscultation') ?? false;
  const mutedForReview = useMuteWhile(media, reviewing && !left);
  if (left) {
    return (
      <Alert severity="info" role="status" sx={{ fontSize: '1.125rem' }}>
        You have left the exam. You can close this page.
      </Alert>
    );
  }
  return (
    <MediaGate media={media}>
      <Stack spacing={2} sx={{ width: '100%' }}>
        {switched ? (
          <Alert severity="info" onClose={() => setSwitched(null)}>
            {switched}
          </Alert>
        ) : null}
        {mutedForReview ? (
          <Alert severity="info" role="status">
            Your microphone is off while your clinician listens to your stethoscope.
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
          renderBelow={(room) => (
            <PatientStethoscope
              channel={props.channel}
              room={room}
              virtualExamId={props.virtualExamId}
              token={props.sessionToken}
            />
          )}
        />
      </Stack>
    </MediaGate>
  );
}
