import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { participantLogEntries } from '@auscura/contracts';
import { createVideoRoom } from '../../../../lib/api/video/create-video-room.ts';
import { getTurnCredentials } from '../../../../lib/api/video/get-turn-credentials.ts';
import type { LiveExamChannel } from '../../../../lib/realtime/live-exam-channel.ts';
import { useLiveExamField } from '../../../../lib/realtime/use-live-exam-field.ts';
import { useNotify } from '../../../../components/notifications/use-notify.ts';
import { ProviderRoom } from '../../room/components/provider-room.tsx';
import type { LocalMedia } from '../../../../hooks/use-local-media.ts';
import { useVideoRoom } from '../../room/hooks/use-video-room.ts';

const patientDisconnectedText = 'The patient has disconnected.';

/** Whether a patient is in the room now (an open presence in the participant log). */
function usePatientPresent(channel: LiveExamChannel | null): boolean {
  const log = useLiveExamField(channel, 'participantLog');
  return participantLogEntries({ participantLog: log ?? {} }).some(
    (entry) => entry.role === 'Patient' && entry.loggedOut === null,
  );
}

/**
 * The provider's room wired to the exam (issue 16): joins the video room (POST /video/rooms, its
 * name written to the shared state's avRoomId), ICE from GET /video/turn-credentials, the target
 * marker (isTargetEnabled in the shared state, its position over the data track), and the notice
 * when the patient disconnects (§4). `onEntryError` returns to the lobby with reason entryError.
 */
export function ProviderVideoRoom(props: {
  virtualExamId: string;
  channel: LiveExamChannel | null;
  media: LocalMedia;
  onExit?: () => void;
  onEntryError: () => void;
  overlay?: ReactNode;
  /** The auscultations side panel, given what the room receives of the patient's stethoscope (issue 17). */
  renderSidePanel?: (room: { stethoscope: MediaStreamTrack | null; badNoise: boolean }) => ReactNode;
  footerActions?: ReactNode;
  showStethoscope?: boolean;
}) {
  const { virtualExamId, channel } = props;
  const notify = useNotify();
  const getAccess = useCallback(async () => {
    const room = await createVideoRoom(virtualExamId);
    await channel?.write('avRoomId', room.roomName);
    return room;
  }, [virtualExamId, channel]);
  const getIceServers = useCallback(async () => (await getTurnCredentials(virtualExamId)).iceServers, [virtualExamId]);
  const video = useVideoRoom({
    virtualExamId,
    role: 'HealthcareProvider',
    channel,
    stream: props.media.stream,
    getAccess,
    getIceServers,
    onError: props.onEntryError,
  });

  const targetEnabled = useLiveExamField(channel, 'isTargetEnabled') ?? false;
  const [target, setTarget] = useState<[number, number]>([0.5, 0.5]);
  const moveTarget = useCallback(
    (position: [number, number]) => {
      setTarget(position);
      video.room?.send({ type: 'targetPos', detail: position });
    },
    [video.room],
  );
  // The patient learns where the marker is as soon as it shows and whenever the connection is new.
  useEffect(() => {
    if (targetEnabled && video.state === 'connected') video.room?.send({ type: 'targetPos', detail: target });
    // Only on these changes, not on every move (moves send their own message).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [targetEnabled, video.state, video.room]);

  const patientPresent = usePatientPresent(channel);
  const wasPresent = useRef(false);
  useEffect(() => {
    if (wasPresent.current && !patientPresent) notify(patientDisconnectedText, 'error');
    wasPresent.current = patientPresent;
  }, [patientPresent, notify]);

  return (
    <ProviderRoom
      media={props.media}
      remoteStream={video.remoteStream}
      remoteVersion={video.remoteVersion}
      state={video.state}
      patientPresent={patientPresent}
      targetEnabled={targetEnabled}
      onTargetEnabledChange={(enabled) => void channel?.write('isTargetEnabled', enabled)}
      targetPosition={target}
      onTargetMove={moveTarget}
      onExit={props.onExit}
      overlay={props.overlay}
      sidePanel={props.renderSidePanel?.({ stethoscope: video.stethoscope, badNoise: video.badNoise })}
      footerActions={props.footerActions}
      showStethoscope={props.showStethoscope}
    />
  );
}
