import { useCallback } from 'react';
import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import { getTurnCredentials } from '../../../../lib/api/video/get-turn-credentials.ts';
import { getVideoRoomToken } from '../../../../lib/api/video/get-video-room-token.ts';
import type { LiveExamChannel } from '../../../../lib/realtime/live-exam-channel.ts';
import type { VideoRoom } from '../../../../lib/video/video-room.ts';
import { useLiveExamField } from '../../../../lib/realtime/use-live-exam-field.ts';
import { PatientRoom } from '../../room/components/patient-room.tsx';
import type { LocalMedia } from '../../../../hooks/use-local-media.ts';
import { useVideoRoom } from '../../room/hooks/use-video-room.ts';

/**
 * The patient's room wired to the exam (issue 16): once admitted, joins with the session's room
 * token and TURN credentials, and draws the target marker where the clinician puts it.
 */
export function PatientVideoRoom(props: {
  virtualExamId: string;
  sessionToken: string;
  channel: LiveExamChannel | null;
  media: LocalMedia;
  onLeave: () => void;
  onError?: (error: unknown) => void;
  /** Drawn under the room with the room itself (the patient's stethoscope, issue 17). */
  renderBelow?: (room: VideoRoom | null) => ReactNode;
}) {
  const { virtualExamId, sessionToken } = props;
  const getAccess = useCallback(() => getVideoRoomToken(virtualExamId, sessionToken), [virtualExamId, sessionToken]);
  const getIceServers = useCallback(
    async () => (await getTurnCredentials(virtualExamId, sessionToken)).iceServers,
    [virtualExamId, sessionToken],
  );
  const video = useVideoRoom({
    virtualExamId,
    role: 'Patient',
    channel: props.channel,
    stream: props.media.stream,
    getAccess,
    getIceServers,
    onError: props.onError,
  });
  const targetEnabled = useLiveExamField(props.channel, 'isTargetEnabled') ?? false;
  return (
    <Stack spacing={2} sx={{ width: '100%' }}>
      <PatientRoom
        media={props.media}
        remoteStream={video.remoteStream}
        remoteVersion={video.remoteVersion}
        state={video.state}
        targetEnabled={targetEnabled}
        target={video.lastTarget}
        onLeave={props.onLeave}
      />
      {props.renderBelow?.(video.room)}
    </Stack>
  );
}
