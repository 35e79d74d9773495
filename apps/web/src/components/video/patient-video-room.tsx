import { useCallback } from 'react';
import { getTurnCredentials } from '../../lib/api/video/get-turn-credentials.ts';
import { getVideoRoomToken } from '../../lib/api/video/get-video-room-token.ts';
import type { LiveExamChannel } from '../../lib/realtime/live-exam-channel.ts';
import { useLiveExamField } from '../../lib/realtime/use-live-exam-field.ts';
import { PatientRoom } from './patient-room.tsx';
import type { LocalMedia } from './use-local-media.ts';
import { useVideoRoom } from './use-video-room.ts';

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
    <PatientRoom
      media={props.media}
      remoteStream={video.remoteStream}
      remoteVersion={video.remoteVersion}
      state={video.state}
      targetEnabled={targetEnabled}
      target={video.lastTarget}
      onLeave={props.onLeave}
    />
  );
}
