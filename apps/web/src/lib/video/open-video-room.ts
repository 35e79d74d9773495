import type { ParticipantRole, PublicConfig, VideoRoom as VideoRoomAccess } from '@auscura/contracts';
import type { LiveExamSignaling } from '../realtime/live-exam-channel.ts';
import type { VideoRoom } from './video-room.ts';
import { joinWebRtcRoom } from './webrtc-room.ts';

type OpenVideoRoomOptions = {
  virtualExamId: string;
  role: ParticipantRole;
  localTracks: MediaStreamTrack[];
  /** The room and its access token: POST /video/rooms (provider) or /video/rooms/{id}/tokens (patient). */
  getAccess: () => Promise<VideoRoomAccess>;
  /** The live exam's signaling (the WebSocket channel's), for the embedded default. */
  signaling: LiveExamSignaling | undefined;
  /** Fresh ICE servers (GET /video/turn-credentials). */
  getIceServers: () => Promise<RTCIceServer[]>;
  iceTransportPolicy?: RTCIceTransportPolicy;
};

/**
 * Joins the exam's room with the service the server chose (its answer's `service`): browser-to-
 * browser WebRTC by default, Twilio Video when configured. `twilio-video` is fetched only then.
 */
export async function openVideoRoom(config: PublicConfig, options: OpenVideoRoomOptions): Promise<VideoRoom> {
  const access = await options.getAccess();
  if (access.service === 'twilio' || config.adapters.video === 'twilio') {
    const { joinTwilioRoom } = await import('./twilio-room.ts');
    return joinTwilioRoom({
      token: access.accessToken.value,
      roomName: access.roomName,
      localTracks: options.localTracks,
    });
  }
  if (!options.signaling) throw new Error('The live exam connection carries no video signaling.');
  return joinWebRtcRoom({
    role: options.role,
    signaling: options.signaling,
    localTracks: options.localTracks,
    getIceServers: options.getIceServers,
    iceTransportPolicy: options.iceTransportPolicy,
  });
}
