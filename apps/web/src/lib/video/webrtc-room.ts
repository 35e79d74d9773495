import { dataTrackMessageSchema } from '@auscura/contracts';
import type { DataTrackMessage, ParticipantRole, SignalData } from '@auscura/contracts';
import { stethoscopeMaxBitrate, withStethoscopeOpus } from './stethoscope-sdp.ts';
import { createRoomEvents } from './video-room.ts';
import type { RoomConnectionState, VideoRoom } from './video-room.ts';

/** How signals travel between the two sides (the live exam's WebSocket, lib/realtime). */
export type Signaling = {
  send(data: SignalData): void;
  onSignal(listener: (from: { id: string; role: ParticipantRole }, data: SignalData) => void): () => void;
  /** Called whenever the signaling connection is (re)established (signals sent while down are lost). */
  onReconnect(listener: () => void): () => void;
};

type WebRtcRoomOptions = {
  role: ParticipantRole;
  signaling: Signaling;
  localTracks: MediaStreamTrack[];
  /** Fresh STUN/TURN servers (GET /video/turn-credentials); asked for every new connection and ICE restart. */
  getIceServers: () => Promise<RTCIceServer[]>;
  /** 'relay' forces every packet through TURN (tests prove the relay path with it). */
  iceTransportPolicy?: RTCIceTransportPolicy;
};

/** A connection that stays disconnected this long gets an ICE restart (a network change heals within it). */
const restartAfterMs = 2000;
/** While not connected, the restart is tried again at this pace (acceptance: media back within 15 s). */
const retryEveryMs = 4000;
/** An offer unanswered this long may have been lost with a dropped signaling connection: offer again. */
const offerPatienceMs = 3000;

const newSession = () => Math.random().toString(36).slice(2, 12);

/**
 * The m-sections the provider offers, in this order: the patient's voice, the cameras, the
 * patient's stethoscope (patient to provider only), then the data channel. Both sides find the
 * stethoscope by this position (it is the second audio section), so no track naming is needed.
 */
const stethoscopeSection = 2;
const stethoscopeTransceiverOf = (peer: RTCPeerConnection) =>
  peer.getTransceivers().filter((transceiver) => transceiver.receiver.track.kind === 'audio')[1] ?? null;

/**
 * The embedded default: one RTCPeerConnection between the provider and the admitted patient.
 * The provider always offers (no glare to resolve); the patient announces itself with `hello`
 * and answers. Every message carries the sender's connection session, so signals of a replaced
 * connection are dropped. A connection that drops is healed by an ICE restart from the provider
 * (the patient asks for one by a new `hello` if its side fails); the §7.2 data messages ride an
 * ordered data channel the provider opens.
 */
export async function joinWebRtcRoom(options: WebRtcRoomOptions): Promise<VideoRoom> {
  const { role, signaling } = options;
  const isOfferer = role === 'HealthcareProvider';
  const events = createRoomEvents();
  const localTracks = new Map<'audio' | 'video', MediaStreamTrack | null>([
    ['audio', options.localTracks.find((track) => track.kind === 'audio') ?? null],
    ['video', options.localTracks.find((track) => track.kind === 'video') ?? null],
  ]);
  let state: RoomConnectionState = 'connecting';
  let everConnected = false;
  let remoteStream: MediaStream | null = null;
  /** Patient: the stethoscope track to send; provider: the patient's stethoscope while sound arrives. */
  let stethoscopeOut: MediaStreamTrack | null = null;
  let stethoscopeIn: MediaStreamTrack | null = null;
  let pc: RTCPeerConnection | null = null;
  let channel: RTCDataChannel | null = null;
  let session = newSession();
  let remoteSession: string | null = null;
  let pendingCandidates: RTCIceCandidateInit[] = [];
  let restartTimer: ReturnType<typeof setTimeout> | undefined;
  let offeredAt = 0;
  let left = false;

  const setState = (next: RoomConnectionState) => {
    if (next === state) return;
    state = next;
    events.emit('state', next);
  };
  const setRemoteStream = (stream: MediaStream | null) => {
    remoteStream = stream;
    events.emit('remoteStream', stream);
  };
  const setStethoscopeIn = (track: MediaStreamTrack | null) => {
    if (track === stethoscopeIn) return;
    stethoscopeIn = track;
    events.emit('stethoscope', track);
  };

  /**
   * Provider: the stethoscope's receiving track exists from the first offer, but is muted until the
   * patient sends on it (Chromium unmutes a remote track when its packets arrive, mutes it again a
   * moment after they stop), so it is announced while unmuted.
   */
  function followStethoscope(peer: RTCPeerConnection, track: MediaStreamTrack) {
    const update = () => {
      if (pc === peer) setStethoscopeIn(track.muted || track.readyState === 'ended' ? null : track);
    };
    track.addEventListener('unmute', update);
    track.addEventListener('mute', update);
    track.addEventListener('ended', update);
    update();
  }

  /** Patient: what the stethoscope's sender sends now, at the music bitrate with a high priority. */
  async function sendStethoscope(peer: RTCPeerConnection) {
    const transceiver = stethoscopeTransceiverOf(peer);
    if (!transceiver) return;
    await transceiver.sender.replaceTrack(stethoscopeOut);
    const parameters = transceiver.sender.getParameters();
    if (parameters.encodings?.length) {
      for (const encoding of parameters.encodings) {
        encoding.maxBitrate = stethoscopeMaxBitrate;
        // Marked as audio of the highest priority (DSCP EF on networks that honour it).
        encoding.priority = 'high';
        encoding.networkPriority = 'high';
      }
      await transceiver.sender.setParameters(parameters).catch(() => undefined);
    }
  }

  function onChannel(next: RTCDataChannel) {
    channel = next;
    next.onmessage = (event) => {
      let parsed: ReturnType<typeof dataTrackMessageSchema.safeParse>;
      try {
        parsed = dataTrackMessageSchema.safeParse(JSON.parse(String(event.data)));
      } catch {
        return;
      }
      if (parsed.success) events.emit('data', parsed.data);
    };
  }

  async function configuration(): Promise<RTCConfiguration> {
    return { iceServers: await options.getIceServers(), iceTransportPolicy: options.iceTransportPolicy ?? 'all' };
  }

  function closePeer() {
    clearTimeout(restartTimer);
    setStethoscopeIn(null);
    channel?.close();
    pc?.close();
    pc = null;
    channel = null;
    pendingCandidates = [];
  }

  async function newPeer(remote: string) {
    closePeer();
    remoteSession = remote;
    const peer = new RTCPeerConnection(await configuration());
    if (left) return peer.close();
    pc = peer;
    const stream = new MediaStream();
    setRemoteStream(stream);
    peer.ontrack = (event) => {
      // The stethoscope is its own track, heard through the engine, not part of the voice and video.
      if (event.transceiver === stethoscopeTransceiverOf(peer)) {
        if (isOfferer) followStethoscope(peer, event.track);
        return;
      }
      for (const old of stream.getTracks()) if (old.kind === event.track.kind) stream.removeTrack(old);
      stream.addTrack(event.track);
      // Listeners see the same stream object gain a track: tell them, as for a new stream.
      if (pc === peer) events.emit('remoteStream', stream);
    };
    peer.onicecandidate = (event) => {
      if (pc !== peer) return;
      const candidate = event.candidate?.toJSON();
      signaling.send({
        kind: 'candidate',
        session,
        candidate: candidate?.candidate ? { ...candidate, candidate: candidate.candidate } : null,
      });
    };
    peer.onconnectionstatechange = () => {
      if (pc !== peer) return;
      const connection = peer.connectionState;
      if (connection === 'connected') {
        everConnected = true;
        clearTimeout(restartTimer);
        setState('connected');
      } else if (connection === 'disconnected' || connection === 'failed') {
        setState(everConnected ? 'reconnecting' : 'connecting');
        scheduleRecovery(connection === 'failed' ? 0 : restartAfterMs);
      }
    };
    if (isOfferer) {
      for (const kind of ['audio', 'video'] as const) {
        peer.addTransceiver(localTracks.get(kind) ?? kind, { direction: 'sendrecv' });
      }
      peer.addTransceiver('audio', { direction: 'recvonly' });
      onChannel(peer.createDataChannel('data', { ordered: true }));
    } else {
      peer.ondatachannel = (event) => onChannel(event.channel);
    }
  }

  async function offer(iceRestart = false) {
    const peer = pc;
    if (!peer || left) return;
    if (iceRestart) peer.setConfiguration(await configuration());
    offeredAt = Date.now();
    const created = await peer.createOffer({ iceRestart });
    if (pc !== peer) return;
    // The patient's browser encodes the stethoscope by what this offer says it wants to receive.
    const description = { type: 'offer' as const, sdp: withStethoscopeOpus(created.sdp ?? '', stethoscopeSection) };
    await peer.setLocalDescription(description);
    signaling.send({ kind: 'description', session, description });
    // An offer or answer lost on the way would leave the connection waiting: try again if it is not up.
    scheduleRecovery(retryEveryMs * 2);
  }

  /** Provider: ICE restart, again and again until connected. Patient: ask the provider for it. */
  function scheduleRecovery(delayMs: number) {
    clearTimeout(restartTimer);
    restartTimer = setTimeout(() => {
      if (left || !pc || pc.connectionState === 'connected') return;
      if (isOfferer) void offer(true).catch(() => undefined);
      else signaling.send({ kind: 'hello', session });
      scheduleRecovery(retryEveryMs);
    }, delayMs);
  }

  async function answer(sdp: string) {
    const peer = pc!;
    await peer.setRemoteDescription({ type: 'offer', sdp });
    const stethoscope = stethoscopeTransceiverOf(peer);
    for (const transceiver of peer.getTransceivers()) {
      if (transceiver === stethoscope) continue;
      const kind = transceiver.receiver.track.kind as 'audio' | 'video';
      transceiver.direction = 'sendrecv';
      await transceiver.sender.replaceTrack(localTracks.get(kind) ?? null);
    }
    if (stethoscope) {
      stethoscope.direction = 'sendonly';
      await sendStethoscope(peer);
    }
    const created = await peer.createAnswer();
    if (pc !== peer) return;
    const description = { type: 'answer' as const, sdp: withStethoscopeOpus(created.sdp ?? '', stethoscopeSection) };
    await peer.setLocalDescription(description);
    signaling.send({ kind: 'description', session, description });
    await flushCandidates(peer);
  }

  async function flushCandidates(peer: RTCPeerConnection) {
    const waiting = pendingCandidates;
    pendingCandidates = [];
    for (const candidate of waiting) await peer.addIceCandidate(candidate).catch(() => undefined);
  }

  async function onSignal(data: SignalData) {
    if (left) return;
    if (data.kind === 'bye') {
      if (data.session !== remoteSession) return;
      closePeer();
      remoteSession = null;
      setRemoteStream(null);
      setState('connecting');
      return;
    }
    if (data.kind === 'hello') {
      // The provider (re)joined: announce this side, the provider offers.
      if (!isOfferer) return signaling.send({ kind: 'hello', session });
      if (data.session === remoteSession && pc && pc.connectionState !== 'closed') {
        // The same patient asks again (its signaling came back, or its side failed): restart ICE,
        // unless connected or an offer is on its way (a duplicate hello), for up to 3 s.
        if (pc.connectionState === 'connected') return;
        if (pc.signalingState !== 'stable' && Date.now() - offeredAt < offerPatienceMs) return;
        await offer(true);
        return;
      }
      session = newSession();
      await newPeer(data.session);
      await offer();
      return;
    }
    if (data.kind === 'description') {
      if (isOfferer) {
        if (data.session !== remoteSession || !pc || data.description.type !== 'answer') return;
        if (pc.signalingState !== 'have-local-offer') return;
        await pc.setRemoteDescription({ type: 'answer', sdp: data.description.sdp });
        await flushCandidates(pc);
        return;
      }
      if (data.description.type !== 'offer') return;
      if (data.session !== remoteSession || !pc) await newPeer(data.session);
      await answer(data.description.sdp);
      return;
    }
    // A candidate: only for the current connection; kept until the remote description is set.
    if (data.session !== remoteSession || !pc || !data.candidate) return;
    const candidate: RTCIceCandidateInit = { ...data.candidate };
    if (pc.remoteDescription) await pc.addIceCandidate(candidate).catch(() => undefined);
    else pendingCandidates.push(candidate);
  }

  // Signals are handled one at a time, in order: a candidate must not overtake its description.
  let queue = Promise.resolve();
  const stopSignals = signaling.onSignal((_from, data) => {
    queue = queue.then(() => onSignal(data)).catch(() => undefined);
  });
  const stopReconnect = signaling.onReconnect(() => {
    if (left || pc?.connectionState === 'connected') return;
    // Signals sent while the connection was down are lost: announce this side again, or restart ICE.
    if (isOfferer && pc) void offer(true).catch(() => undefined);
    else signaling.send({ kind: 'hello', session });
  });
  signaling.send({ kind: 'hello', session });

  const room: VideoRoom = {
    get state() {
      return state;
    },
    get remoteStream() {
      return remoteStream;
    },
    on: events.on,
    send(message: DataTrackMessage) {
      if (channel?.readyState === 'open') channel.send(JSON.stringify(message));
    },
    get stethoscope() {
      return stethoscopeIn;
    },
    async replaceTrack(kind, track) {
      localTracks.set(kind, track);
      const stethoscope = pc ? stethoscopeTransceiverOf(pc) : null;
      for (const transceiver of pc?.getTransceivers() ?? []) {
        if (transceiver === stethoscope) continue;
        if (transceiver.receiver.track.kind === kind) await transceiver.sender.replaceTrack(track);
      }
    },
    async publishStethoscope(track) {
      if (isOfferer) throw new Error('Only the patient sends a stethoscope.');
      stethoscopeOut = track;
      if (pc) await sendStethoscope(pc);
    },
    leave() {
      if (left) return;
      left = true;
      signaling.send({ kind: 'bye', session });
      stopSignals();
      stopReconnect();
      closePeer();
      setState('disconnected');
      events.clear();
    },
  };
  return room;
}
