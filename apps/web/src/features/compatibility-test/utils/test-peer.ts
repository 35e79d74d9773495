import type { IceServer } from '@auscura/contracts';

/**
 * The preflight's connection to the API's own peer: a generated test tone (no microphone needed:
 * the connection tests start before permissions are asked) on one audio transceiver, and a data
 * channel for the bitrate test. With a TURN server configured, ICE is relay-only, so what is
 * tested is that this browser reaches the TURN server and media flows through it.
 *
 * Progress uses the names §9 judges by (Twilio's preflight's): `connected` (the signaling
 * exchange answered), `iceConnected`, `peerConnectionConnected`, `dtlsConnected`, and
 * `mediaAcquired`, which here means the test audio came back from the server — over relay-only
 * ICE, only possible through the TURN server.
 */
export type ConnectionProgress =
  'connected' | 'iceConnected' | 'peerConnectionConnected' | 'dtlsConnected' | 'mediaAcquired';

type TestPeer = {
  pc: RTCPeerConnection;
  sender: RTCRtpSender;
  channel: RTCDataChannel;
  /** Whether ICE is relay-only (a TURN server is configured). */
  relay: boolean;
  close: () => void;
};

/** A tone that changes pitch, so Opus never falls silent (no DTX gaps in the packet counts). */
function testTone(context: AudioContext): MediaStreamTrack {
  const oscillator = context.createOscillator();
  oscillator.frequency.value = 440;
  const wobble = context.createOscillator();
  wobble.frequency.value = 2;
  const depth = context.createGain();
  depth.gain.value = 40;
  wobble.connect(depth).connect(oscillator.frequency);
  const destination = context.createMediaStreamDestination();
  oscillator.connect(destination);
  oscillator.start();
  wobble.start();
  return destination.stream.getAudioTracks()[0]!;
}

function isRelayConfiguration(iceServers: IceServer[]): boolean {
  return iceServers.some((server) => server.urls.some((url) => /^turns?:/.test(url)) && !!server.credential);
}

export function createTestPeer(iceServers: IceServer[]): TestPeer {
  const relay = isRelayConfiguration(iceServers);
  const pc = new RTCPeerConnection({ iceServers, iceTransportPolicy: relay ? 'relay' : 'all' });
  const context = new AudioContext();
  void context.resume().catch(() => undefined);
  const track = testTone(context);
  const { sender } = pc.addTransceiver(track, { direction: 'sendrecv' });
  const channel = pc.createDataChannel('bitrate', { ordered: true });
  channel.binaryType = 'arraybuffer';
  let closed = false;
  return {
    pc,
    sender,
    channel,
    relay,
    close() {
      if (closed) return;
      closed = true;
      track.stop();
      channel.close();
      pc.close();
      void context.close().catch(() => undefined);
    },
  };
}

/** Resolves when ICE gathering is complete, or after `timeoutMs` with what was gathered. */
export function gathered(pc: RTCPeerConnection, timeoutMs = 10_000): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      pc.removeEventListener('icegatheringstatechange', check);
      resolve();
    };
    const check = () => pc.iceGatheringState === 'complete' && done();
    const timer = setTimeout(done, timeoutMs);
    pc.addEventListener('icegatheringstatechange', check);
    check();
  });
}

/** Calls `report` once for each progress step as the connection reaches it; answers an unsubscribe. */
export function watchProgress(peer: TestPeer, report: (step: ConnectionProgress) => void): () => void {
  const seen = new Set<ConnectionProgress>();
  const once = (step: ConnectionProgress) => {
    if (seen.has(step)) return;
    seen.add(step);
    report(step);
  };
  const { pc, sender } = peer;
  const onIce = () => ['connected', 'completed'].includes(pc.iceConnectionState) && once('iceConnected');
  const onConnection = () => pc.connectionState === 'connected' && once('peerConnectionConnected');
  const dtls = sender.transport;
  const onDtls = () => dtls?.state === 'connected' && once('dtlsConnected');
  pc.addEventListener('iceconnectionstatechange', onIce);
  pc.addEventListener('connectionstatechange', onConnection);
  dtls?.addEventListener('statechange', onDtls);
  return () => {
    pc.removeEventListener('iceconnectionstatechange', onIce);
    pc.removeEventListener('connectionstatechange', onConnection);
    dtls?.removeEventListener('statechange', onDtls);
  };
}

/** Resolves when the connection is up and the first echoed audio packet arrived; rejects on failure or timeout. */
export function mediaFlowing(pc: RTCPeerConnection, timeoutMs: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const poll = async () => {
      if (signal.aborted) return reject(signal.reason);
      if (pc.connectionState === 'failed' || pc.connectionState === 'closed') {
        return reject(new Error(`the connection ${pc.connectionState}`));
      }
      let received = 0;
      (await pc.getStats()).forEach((stat: { type: string; kind?: string; packetsReceived?: number }) => {
        if (stat.type === 'inbound-rtp' && stat.kind === 'audio') received = stat.packetsReceived ?? 0;
      });
      if (received > 0) return resolve();
      if (performance.now() - started > timeoutMs) {
        return reject(
          new Error(`no test audio came back within ${timeoutMs / 1000} s (connection ${pc.connectionState})`),
        );
      }
      setTimeout(() => void poll().catch(reject), 200);
    };
    void poll().catch(reject);
  });
}
