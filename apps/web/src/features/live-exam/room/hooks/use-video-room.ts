import { useEffect, useRef, useState } from 'react';
import type { DataTrackMessage, ParticipantRole, VideoRoom as VideoRoomAccess } from '@auscura/contracts';
import { usePublicConfig } from '../../../../lib/public-config.ts';
import type { LiveExamChannel } from '../../../../lib/realtime/live-exam-channel.ts';
import { openVideoRoom } from '../../../../lib/video/open-video-room.ts';
import type { RoomConnectionState, VideoRoom } from '../../../../lib/video/video-room.ts';

type UseVideoRoomOptions = {
  virtualExamId: string;
  role: ParticipantRole;
  channel: LiveExamChannel | null;
  /** The local camera and microphone (null until the compatibility check passed). */
  stream: MediaStream | null;
  getAccess: () => Promise<VideoRoomAccess>;
  getIceServers: () => Promise<RTCIceServer[]>;
  onError?: (error: unknown) => void;
};

/**
 * Joins the exam's video room once the live exam's channel and the local media are there, and leaves
 * it on unmount and when the page unloads (§4 disconnection). A new local stream (another device)
 * replaces the tracks sent; the room is not re-entered.
 */
export function useVideoRoom(options: UseVideoRoomOptions) {
  const config = usePublicConfig();
  const [room, setRoom] = useState<VideoRoom | null>(null);
  const [state, setState] = useState<RoomConnectionState>('connecting');
  const [remoteStream, setRemoteStream] = useState<MediaStream | null>(null);
  const [remoteVersion, setRemoteVersion] = useState(0);
  const [lastTarget, setLastTarget] = useState<[number, number] | null>(null);
  const [badNoise, setBadNoise] = useState(false);
  /** Provider: the patient's stethoscope track while it is published (issue 17). */
  const [stethoscope, setStethoscope] = useState<MediaStreamTrack | null>(null);
  const latest = useRef(options);
  latest.current = options;
  const hasStream = options.stream !== null;

  useEffect(() => {
    const { channel, stream } = latest.current;
    if (!channel || !stream) return;
    let cancelled = false;
    let joined: VideoRoom | null = null;
    const leave = () => joined?.leave();
    void openVideoRoom(config, {
      virtualExamId: latest.current.virtualExamId,
      role: latest.current.role,
      localTracks: stream.getTracks(),
      getAccess: () => latest.current.getAccess(),
      signaling: channel.signaling,
      getIceServers: () => latest.current.getIceServers(),
    })
      .then((opened) => {
        if (cancelled) return opened.leave();
        joined = opened;
        setRoom(opened);
        setState(opened.state);
        setRemoteStream(opened.remoteStream);
        setStethoscope(opened.stethoscope);
        opened.on('state', setState);
        opened.on('stethoscope', setStethoscope);
        opened.on('remoteStream', (next) => {
          setRemoteStream(next);
          // The same stream object may gain a track: re-render its players.
          setRemoteVersion((version) => version + 1);
        });
        opened.on('data', (message: DataTrackMessage) => {
          if (message.type === 'targetPos') setLastTarget(message.detail);
          else setBadNoise(message.detail);
        });
      })
      .catch((error: unknown) => latest.current.onError?.(error));
    window.addEventListener('pagehide', leave);
    return () => {
      cancelled = true;
      window.removeEventListener('pagehide', leave);
      leave();
      setRoom(null);
      setStethoscope(null);
    };
    // Joined once per channel; the stream's later changes are handled below.
  }, [config, options.channel, hasStream]);

  useEffect(() => {
    if (!room || !options.stream) return;
    void room.replaceTrack('video', options.stream.getVideoTracks()[0] ?? null);
    void room.replaceTrack('audio', options.stream.getAudioTracks()[0] ?? null);
  }, [room, options.stream]);

  return { room, state, remoteStream, remoteVersion, lastTarget, badNoise, stethoscope };
}
