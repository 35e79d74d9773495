import type { DataTrackMessage } from '@auscura/contracts';

/**
 * The video room of a virtual exam (exams-and-devices §2.4, §7.2), whichever service carries it:
 * browser-to-browser WebRTC (embedded default) or Twilio Video. Screens use only this interface;
 * it is narrow on purpose (one remote participant's media, the data messages, the connection
 * state, the local tracks), so that an SFU such as LiveKit could be a third implementation.
 */
export type RoomConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

export type RoomEvents = {
  /** The other side's media (null when it has left): its tracks come and go on this one stream. */
  remoteStream: MediaStream | null;
  /** A §7.2 data message from the other side (already validated). */
  data: DataTrackMessage;
  state: RoomConnectionState;
  /**
   * The patient's stethoscope (§7.2 `m1AuscMicAudio…`), a track of its own beside the voice: set
   * while the patient publishes it (and sound arrives), null when it stops.
   */
  stethoscope: MediaStreamTrack | null;
};

export type VideoRoom = {
  readonly state: RoomConnectionState;
  readonly remoteStream: MediaStream | null;
  on<K extends keyof RoomEvents>(event: K, listener: (value: RoomEvents[K]) => void): () => void;
  /** Sends a §7.2 data message to the other side (dropped while no data channel is open). */
  send(message: DataTrackMessage): void;
  /** Replaces what this side sends (another camera or microphone; null stops sending that kind). */
  replaceTrack(kind: 'audio' | 'video', track: MediaStreamTrack | null): Promise<void>;
  /** Patient: sends the stethoscope as its own track, in Opus's music mode (null stops sending it). */
  publishStethoscope(track: MediaStreamTrack | null): Promise<void>;
  /** Provider: the patient's stethoscope track while it is published, else null. */
  readonly stethoscope: MediaStreamTrack | null;
  /** Leaves the room; the other side hears it at once. */
  leave(): void;
};

/** A tiny typed event emitter shared by the implementations. */
export function createRoomEvents() {
  const listeners = new Map<keyof RoomEvents, Set<(value: never) => void>>();
  return {
    on<K extends keyof RoomEvents>(event: K, listener: (value: RoomEvents[K]) => void) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      const entry = listener as (value: never) => void;
      set.add(entry);
      return () => void set.delete(entry);
    },
    emit<K extends keyof RoomEvents>(event: K, value: RoomEvents[K]) {
      for (const listener of listeners.get(event) ?? []) (listener as (value: RoomEvents[K]) => void)(value);
    },
    clear() {
      listeners.clear();
    },
  };
}
