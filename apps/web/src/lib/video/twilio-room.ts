import { dataTrackMessageSchema, stethoscopeTrackPrefix } from '@auscura/contracts';
import type { DataTrackMessage } from '@auscura/contracts';
import type { LocalAudioTrack, LocalDataTrack, LocalVideoTrack, RemoteParticipant, RemoteTrack } from 'twilio-video';
import { stethoscopeMaxBitrate } from './stethoscope-sdp.ts';
import { createRoomEvents } from './video-room.ts';
import type { RoomConnectionState, VideoRoom } from './video-room.ts';

type TwilioRoomOptions = {
  /** The access token of POST /video/rooms or /video/rooms/{id}/tokens (a VideoGrant for this room). */
  token: string;
  roomName: string;
  localTracks: MediaStreamTrack[];
};

/**
 * The production option: Twilio Video (`twilio-video`, loaded only here, so the default build never
 * fetches it). The room's remote participant is the other side; the §7.2 messages ride Twilio's
 * data track. Opus without DTX: the SDK turns DTX on by default, which would cut quiet heart sounds.
 */
export async function joinTwilioRoom(options: TwilioRoomOptions): Promise<VideoRoom> {
  const Video = await import('twilio-video');
  const events = createRoomEvents();
  const dataTrack: LocalDataTrack = new Video.LocalDataTrack();
  const published = new Map<'audio' | 'video', LocalAudioTrack | LocalVideoTrack>();
  for (const track of options.localTracks) {
    const kind = track.kind as 'audio' | 'video';
    published.set(kind, kind === 'audio' ? new Video.LocalAudioTrack(track) : new Video.LocalVideoTrack(track));
  }
  const room = await Video.connect(options.token, {
    name: options.roomName,
    tracks: [...published.values(), dataTrack],
    preferredAudioCodecs: [{ codec: 'opus', dtx: false }],
    // The stethoscope needs a music bitrate (the SDK's reference app sends 16 kbps speech).
    maxAudioBitrate: stethoscopeMaxBitrate,
  });
  let stethoscopeOut: LocalAudioTrack | null = null;
  let stethoscopeIn: MediaStreamTrack | null = null;
  const setStethoscopeIn = (track: MediaStreamTrack | null) => {
    if (track === stethoscopeIn) return;
    stethoscopeIn = track;
    events.emit('stethoscope', track);
  };
  let state: RoomConnectionState = 'connected';
  let remoteStream: MediaStream | null = null;
  const setState = (next: RoomConnectionState) => {
    if (next === state) return;
    state = next;
    events.emit('state', next);
  };

  function follow(participant: RemoteParticipant) {
    const stream = new MediaStream();
    remoteStream = stream;
    events.emit('remoteStream', stream);
    const subscribed = (track: RemoteTrack) => {
      if (track.kind === 'data') {
        track.on('message', (data: string | ArrayBuffer) => {
          if (typeof data !== 'string') return;
          try {
            const parsed = dataTrackMessageSchema.safeParse(JSON.parse(data));
            if (parsed.success) events.emit('data', parsed.data);
          } catch {
            // Not JSON: not one of ours.
          }
        });
        return;
      }
      // §7.2: tracks named m1AuscMicAudio… are the stethoscope, heard through the engine.
      if (track.kind === 'audio' && track.name.startsWith(stethoscopeTrackPrefix)) {
        setStethoscopeIn(track.mediaStreamTrack);
        return;
      }
      for (const old of stream.getTracks()) if (old.kind === track.kind) stream.removeTrack(old);
      stream.addTrack(track.mediaStreamTrack);
      if (remoteStream === stream) events.emit('remoteStream', stream);
    };
    participant.on('trackSubscribed', subscribed);
    participant.on('trackUnsubscribed', (track: RemoteTrack) => {
      if (track.kind === 'data') return;
      if (track.mediaStreamTrack === stethoscopeIn) setStethoscopeIn(null);
      else stream.removeTrack(track.mediaStreamTrack);
    });
    for (const publication of participant.tracks.values()) if (publication.track) subscribed(publication.track);
  }

  for (const participant of room.participants.values()) follow(participant);
  room.on('participantConnected', follow);
  room.on('participantDisconnected', () => {
    remoteStream = null;
    events.emit('remoteStream', null);
    setStethoscopeIn(null);
  });
  room.on('reconnecting', () => setState('reconnecting'));
  room.on('reconnected', () => setState('connected'));
  room.on('disconnected', () => setState('disconnected'));

  return {
    get state() {
      return state;
    },
    get remoteStream() {
      return remoteStream;
    },
    on: events.on,
    get stethoscope() {
      return stethoscopeIn;
    },
    send(message: DataTrackMessage) {
      dataTrack.send(JSON.stringify(message));
    },
    async publishStethoscope(track) {
      if (stethoscopeOut) room.localParticipant.unpublishTrack(stethoscopeOut);
      stethoscopeOut = null;
      if (!track) return;
      stethoscopeOut = new Video.LocalAudioTrack(track, { name: `${stethoscopeTrackPrefix}-${crypto.randomUUID()}` });
      await room.localParticipant.publishTrack(stethoscopeOut, { priority: 'high' });
    },
    async replaceTrack(kind, track) {
      const old = published.get(kind);
      if (old) room.localParticipant.unpublishTrack(old);
      published.delete(kind);
      if (!track) return;
      const next = kind === 'audio' ? new Video.LocalAudioTrack(track) : new Video.LocalVideoTrack(track);
      published.set(kind, next);
      await room.localParticipant.publishTrack(next);
    },
    leave() {
      room.disconnect();
      events.clear();
    },
  };
}
