import type { RTCDataChannel, RTCPeerConnection, RTCRtpTransceiver, RtpPacket } from 'werift';

/**
 * The API's own WebRTC peer for the compatibility test's preflight (exams-and-devices §2.10, §9):
 * it answers the browser's offer (one Opus audio m-line and a data channel) and echoes back
 *
 * - every RTP packet of the browser's audio, on its own track, with its own consecutive sequence
 *   numbers and the browser's RTP timestamps: a packet lost on the way in leaves no gap on the way
 *   out, so the browser's inbound-rtp `packetsLost` counts the way back only, while its
 *   outbound-rtp `packetsSent` minus what came back counts the way in; the timestamps make the
 *   browser's interarrival jitter that of the whole round trip (as an SFU forwarding the audio
 *   would); werift's receiver reports (RTCP RR every 0.5–1.5 s) give the browser its
 *   remote-inbound-rtp figures;
 * - every data-channel message, up to `maxEchoBytesPerSecond` (the rest is dropped), so the
 *   browser's bitrate test measures what crossed the path both ways, and one test costs the
 *   server a bounded amount.
 *
 * The peer gathers host candidates (loopback included, so a TURN server on the API's machine
 * reaches it); the browser decides whether its side goes through TURN. It closes itself after
 * `lifetimeMs`, on failure, or when the browser hangs up.
 */
export type PreflightPeerOptions = {
  lifetimeMs: number;
  maxEchoBytesPerSecond: number;
  /** UDP ports the peer may use ([min, max]); any when unset. */
  portRange?: [number, number];
};

export type PreflightPeer = { answerSdp: string; closed: Promise<void>; close: () => void };

export class InvalidOfferError extends Error {}

export async function answerPreflight(offerSdp: string, options: PreflightPeerOptions): Promise<PreflightPeer> {
  // werift answers what it can parse and rejects m-lines it cannot handle: refuse obvious non-SDP
  // before anything is allocated.
  if (!/^v=0\r?\n/.test(offerSdp) || !/\r?\nm=(audio|application) /.test(offerSdp)) {
    throw new InvalidOfferError('The offer is not a session description with audio or a data channel.');
  }
  // Loaded on the first preflight: a server that never runs one does not load a WebRTC stack at start.
  const { RTCPeerConnection, RTCSessionDescription, useOPUS } = await import('werift');
  const pc = new RTCPeerConnection({
    codecs: { audio: [useOPUS()], video: [] },
    iceAdditionalHostAddresses: ['127.0.0.1'],
    iceUseIpv6: false,
    ...(options.portRange ? { icePortRange: options.portRange } : {}),
  });
  let closing = false;
  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
  const timer = setTimeout(() => close(), options.lifetimeMs);
  timer.unref();
  function close() {
    if (closing) return;
    closing = true;
    clearTimeout(timer);
    void pc
      .close()
      .catch(() => undefined)
      .finally(resolveClosed);
  }
  pc.connectionStateChange.subscribe((state) => {
    if (state === 'failed' || state === 'closed' || state === 'disconnected') close();
  });
  pc.onTransceiverAdded.subscribe((transceiver) => echoAudio(transceiver));
  pc.onDataChannel.subscribe((channel) => echoData(channel, options.maxEchoBytesPerSecond));

  try {
    await pc.setRemoteDescription(new RTCSessionDescription(offerSdp, 'offer'));
    for (const transceiver of pc.getTransceivers()) {
      if (transceiver.kind === 'audio') transceiver.setDirection('sendrecv');
    }
    const answer = await pc.createAnswer();
    await pc.setLocalDescription(answer);
    await gatheringComplete(pc);
    const sdp = pc.localDescription?.sdp;
    if (!sdp) throw new InvalidOfferError('No answer could be made to this offer.');
    return { answerSdp: sdp, closed, close };
  } catch (error) {
    close();
    if (error instanceof InvalidOfferError) throw error;
    throw new InvalidOfferError(`The offer could not be answered: ${(error as Error).message ?? 'unknown error'}`);
  }
}

function gatheringComplete(pc: RTCPeerConnection): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const { unSubscribe } = pc.iceGatheringStateChange.subscribe((state) => {
      if (state !== 'complete') return;
      unSubscribe();
      resolve();
    });
  });
}

/** The browser's audio back to it, renumbered (see above). */
function echoAudio(transceiver: RTCRtpTransceiver) {
  if (transceiver.kind !== 'audio') return;
  let sequence = Math.floor(Math.random() * 0x10000);
  transceiver.onTrack.subscribe((track) => {
    track.onReceiveRtp.subscribe((rtp: RtpPacket) => {
      const copy = rtp.clone();
      copy.header.sequenceNumber = sequence;
      sequence = (sequence + 1) & 0xffff;
      transceiver.sender.sendRtp(copy).catch(() => undefined);
    });
  });
}

/** At most `maxBytesPerSecond` in each one-second window (the window starts with its first message). */
export function createEchoBudget(maxBytesPerSecond: number, now: () => number = Date.now) {
  let windowStart = -Infinity;
  let spent = 0;
  return (size: number): boolean => {
    const at = now();
    if (at - windowStart >= 1000) {
      windowStart = at;
      spent = 0;
    }
    if (spent + size > maxBytesPerSecond) return false;
    spent += size;
    return true;
  };
}

/** Data-channel messages back to the browser, within the budget (the rest is dropped). */
function echoData(channel: RTCDataChannel, maxBytesPerSecond: number) {
  const allow = createEchoBudget(maxBytesPerSecond);
  channel.onMessage.subscribe((data) => {
    const size = typeof data === 'string' ? Buffer.byteLength(data) : data.length;
    if (channel.readyState !== 'open' || !allow(size)) return;
    try {
      channel.send(data);
    } catch {
      // Closing: nothing to echo to.
    }
  });
}
