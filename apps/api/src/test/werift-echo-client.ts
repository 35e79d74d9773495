import { MediaStreamTrack, RTCPeerConnection, RTCSessionDescription, RtpHeader, RtpPacket, useOPUS } from 'werift';

/** A minimal offer the preflight's checks accept by shape (no peer could connect with it). */
export const preflightOffer = 'v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n';

type EchoResult = {
  rtpBack: number;
  sequencesBack: number[];
  sequenceGaps: number;
  dataSent: number;
  dataBack: number;
};

/**
 * The browser's side of the preflight played by werift in the test process: an offer with one
 * Opus m-line and a data channel, sent through `exchange`; then 50 RTP packets whose sequence
 * numbers skip (as if some were lost on the way in) and `dataBytes` of data, collecting what
 * comes back. Resolves after `settleMs`.
 */
export async function runEchoClient(
  exchange: (offerSdp: string) => Promise<string>,
  options: { dataBytes?: number; settleMs?: number } = {},
): Promise<EchoResult> {
  const pc = new RTCPeerConnection({ codecs: { audio: [useOPUS()], video: [] }, iceUseIpv6: false });
  const track = new MediaStreamTrack({ kind: 'audio' });
  const transceiver = pc.addTransceiver(track, { direction: 'sendrecv' });
  const channel = pc.createDataChannel('bitrate');
  const result: EchoResult = { rtpBack: 0, sequencesBack: [], sequenceGaps: 0, dataSent: 0, dataBack: 0 };
  transceiver.onTrack.subscribe((remote) =>
    remote.onReceiveRtp.subscribe((rtp) => {
      result.rtpBack++;
      result.sequencesBack.push(rtp.header.sequenceNumber);
    }),
  );
  channel.onMessage.subscribe((data) => (result.dataBack += typeof data === 'string' ? data.length : data.length));
  try {
    await pc.setLocalDescription(await pc.createOffer());
    await new Promise<void>((resolve) => {
      if (pc.iceGatheringState === 'complete') return resolve();
      pc.iceGatheringStateChange.subscribe((state) => state === 'complete' && resolve());
    });
    const answer = await exchange(pc.localDescription!.sdp);
    await pc.setRemoteDescription(new RTCSessionDescription(answer, 'answer'));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the data channel did not open')), 15_000);
      channel.stateChanged.subscribe((state) => {
        if (state === 'open') {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    let sequence = 1000;
    for (let i = 0; i < 50; i++) {
      // Every fifth number skipped: what a lossy way in looks like to the server.
      sequence += i % 5 === 4 ? 2 : 1;
      const header = new RtpHeader({ payloadType: 111, sequenceNumber: sequence, timestamp: i * 960, ssrc: 1234 });
      track.writeRtp(new RtpPacket(header, Buffer.alloc(60, i)));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const chunk = Buffer.alloc(16_000, 7);
    for (let sent = 0; sent < (options.dataBytes ?? 64_000); sent += chunk.length) {
      channel.send(chunk);
      result.dataSent += chunk.length;
    }
    await new Promise((resolve) => setTimeout(resolve, options.settleMs ?? 2000));
    result.sequenceGaps = result.sequencesBack.filter(
      (seq, i, all) => i > 0 && seq !== ((all[i - 1]! + 1) & 0xffff),
    ).length;
    return result;
  } finally {
    await pc.close();
  }
}

/** A real offer (audio and a data channel, candidates gathered) from a werift peer that is then closed. */
export async function realOffer(): Promise<string> {
  const pc = new RTCPeerConnection({ codecs: { audio: [useOPUS()], video: [] }, iceUseIpv6: false });
  pc.addTransceiver(new MediaStreamTrack({ kind: 'audio' }), { direction: 'sendrecv' });
  pc.createDataChannel('bitrate');
  await pc.setLocalDescription(await pc.createOffer());
  await new Promise<void>((resolve) => {
    if (pc.iceGatheringState === 'complete') return resolve();
    pc.iceGatheringStateChange.subscribe((state) => state === 'complete' && resolve());
  });
  const sdp = pc.localDescription!.sdp;
  await pc.close();
  return sdp;
}
