import { preflightLimits } from '@auscura/contracts';
import type { BitrateReport, IceServer, PreflightReport } from '@auscura/contracts';
import { preflightReportOf, snapshotOf } from './preflight-stats.ts';
import type { StatsSnapshot } from './preflight-stats.ts';
import { createTestPeer, gathered, mediaFlowing, watchProgress } from './test-peer.ts';
import type { ConnectionProgress } from './test-peer.ts';

/** How each preflight figure is measured, written into test_results.json for support engineers. */
export const preflightMethod =
  'RTT: mean STUN round trip of the selected ICE candidate pair per second (candidate-pair totalRoundTripTime/responsesReceived). ' +
  "Jitter: inbound-rtp jitter of the test audio echoed by the API's peer with the browser's RTP timestamps (round trip), ms. " +
  'Packet loss: packets lost on the way out (outbound-rtp packetsSent not echoed) and back (inbound-rtp packetsLost; the echo is renumbered) over all packets that crossed, %. ' +
  `Preflight ${preflightLimits.preflightSeconds} s of Opus audio, then the bitrate test: ${preflightLimits.bitrateSeconds} s of data echoed over a reliable data channel (at most ${preflightLimits.maxEchoKbps} kbps).`;

export type ConnectionTestsState = {
  status: 'idle' | 'running' | 'done';
  progress: ConnectionProgress[];
  /** 'gathering', 'connecting', 'preflight', 'bitrate' while running. */
  stage: string | null;
  preflight: PreflightReport | null;
  preflightError: string | null;
  /** kbps, one value a second, as they arrive. */
  bitrateValues: number[];
  bitrate: BitrateReport | null;
  bitrateError: string | null;
  /** §9: the signaling gateway is reachable when the preflight reached dtlsConnected or peerConnectionConnected. */
  signalingGateway: 'reachable' | 'unreachable' | null;
  /** §9: TURN is reachable when media was acquired through it; 'not configured' without a TURN server. */
  turn: 'reachable' | 'unreachable' | 'not configured' | null;
  candidatePair: string | null;
  turnUrls: string[];
};

export const initialConnectionTests: ConnectionTestsState = {
  status: 'idle',
  progress: [],
  stage: null,
  preflight: null,
  preflightError: null,
  bitrateValues: [],
  bitrate: null,
  bitrateError: null,
  signalingGateway: null,
  turn: null,
  candidatePair: null,
  turnUrls: [],
};

type ConnectionTestsDeps = {
  iceServers: (signal: AbortSignal) => Promise<IceServer[]>;
  /** Posts the complete offer, answers the server's description. */
  exchange: (offerSdp: string, signal: AbortSignal) => Promise<string>;
};

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Runs the preflight and then the bitrate test on one connection to the API's peer (the data of
 * the bitrate test would otherwise queue in front of the preflight's audio, and the jitter and
 * RTT measured would be the test's own). Calls `update` with each new state; never throws.
 */
export async function runConnectionTests(
  deps: ConnectionTestsDeps,
  update: (change: Partial<ConnectionTestsState>) => void,
  signal: AbortSignal,
): Promise<void> {
  const progress: ConnectionProgress[] = [];
  update({ ...initialConnectionTests, status: 'running', stage: 'gathering' });
  let peer: ReturnType<typeof createTestPeer> | null = null as ReturnType<typeof createTestPeer> | null;
  const judge = (relay: boolean) => {
    const signalingGateway =
      progress.includes('dtlsConnected') || progress.includes('peerConnectionConnected') ? 'reachable' : 'unreachable';
    const turn = relay ? (progress.includes('mediaAcquired') ? 'reachable' : 'unreachable') : 'not configured';
    return { signalingGateway, turn } as const;
  };
  try {
    const iceServers = await deps.iceServers(signal);
    const turnUrls = iceServers.flatMap((server) => server.urls);
    update({ turnUrls });
    let testPeer!: ReturnType<typeof createTestPeer>;
    // A connection that comes up but carries no audio back is made again once: on a lossy path a
    // handshake can come out of step (seen here with 5 % loss put on the TURN path, about once in
    // seven runs), and a fresh connection heals that where a longer wait does not. Only a second
    // silent connection is a failure.
    for (let attempt = 1; ; attempt++) {
      peer?.close();
      peer = createTestPeer(iceServers);
      testPeer = peer;
      const stopWatching = watchProgress(testPeer, (step) => {
        if (progress.includes(step)) return;
        progress.push(step);
        update({ progress: [...progress] });
      });
      const current = testPeer;
      signal.addEventListener('abort', () => current.close(), { once: true });
      try {
        await testPeer.pc.setLocalDescription(await testPeer.pc.createOffer());
        await gathered(testPeer.pc);
        const offer = testPeer.pc.localDescription!.sdp;
        if (testPeer.relay && !/ typ relay /.test(offer)) {
          throw new Error('The TURN server could not be reached: no relay address was allocated.');
        }
        update({ stage: 'connecting' });
        let answer: string;
        try {
          answer = await deps.exchange(offer, signal);
        } catch (error) {
          throw new Error(`The signaling gateway did not answer: ${message(error)}`);
        }
        if (!progress.includes('connected')) progress.push('connected');
        update({ progress: [...progress] });
        await testPeer.pc.setRemoteDescription({ type: 'answer', sdp: answer });
        // A lossy path retransmits the DTLS handshake (1 s, then 2 s …): give it time.
        try {
          await mediaFlowing(testPeer.pc, attempt === 1 ? 12_000 : 20_000, signal);
        } catch (error) {
          if (attempt === 1 && !signal.aborted && testPeer.pc.connectionState === 'connected') {
            stopWatching();
            continue;
          }
          throw error;
        }
        progress.push('mediaAcquired');
        update({ progress: [...progress], stage: 'preflight' });
        const preflight = await measurePreflight(testPeer.pc, testPeer.sender, signal);
        update({ preflight: preflight.report, candidatePair: preflight.candidatePair, ...judge(testPeer.relay) });
        if (!preflight.report) throw new Error('The connection carried too little to measure round trips and loss.');
        stopWatching();
        break;
      } catch (error) {
        stopWatching();
        if (signal.aborted) return;
        update({ status: 'done', stage: null, preflightError: message(error), ...judge(testPeer.relay) });
        testPeer.close();
        return;
      }
    }
    update({ stage: 'bitrate' });
    try {
      const bitrate = await measureBitrate(testPeer.channel, (values) => update({ bitrateValues: values }), signal);
      update({ bitrate });
    } catch (error) {
      if (signal.aborted) return;
      update({ bitrateError: message(error) });
    }
    update({ status: 'done', stage: null });
  } catch (error) {
    if (signal.aborted) return;
    update({ status: 'done', stage: null, preflightError: message(error), ...judge(peer?.relay ?? false) });
  } finally {
    peer?.close();
  }
}

/** preflightSeconds of snapshots, then the audio stops and what is in flight lands before the totals. */
async function measurePreflight(pc: RTCPeerConnection, sender: RTCRtpSender, signal: AbortSignal) {
  const snapshots: StatsSnapshot[] = [];
  const started = performance.now();
  for (let second = 0; second < preflightLimits.preflightSeconds; second++) {
    await sleep(Math.max(0, started + (second + 1) * 1000 - performance.now()), signal);
    snapshots.push(snapshotOf(await pc.getStats(), performance.now()));
  }
  await sender.replaceTrack(null);
  const lastRtt = snapshots.at(-1)?.pair?.currentRoundTripTime ?? 0.5;
  await sleep(Math.max(1000, lastRtt * 2000), signal);
  const final = snapshotOf(await pc.getStats(), performance.now());
  return { report: preflightReportOf(snapshots, final), candidatePair: final.candidatePair };
}

/**
 * bitrateSeconds of data pushed through the channel as fast as it drains (paced to a little over
 * the server's echo limit), counting what comes back each second: a value per second in kbps.
 */
async function measureBitrate(
  channel: RTCDataChannel,
  onValues: (values: number[]) => void,
  signal: AbortSignal,
): Promise<BitrateReport> {
  if (channel.readyState !== 'open') {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the data channel did not open')), 20_000);
      channel.addEventListener('open', () => (clearTimeout(timer), resolve()), { once: true });
    });
  }
  const chunk = new Uint8Array(16 * 1024);
  const paceBytesPerSecond = (preflightLimits.maxEchoKbps * 1000 * 1.2) / 8;
  let received = 0;
  const onMessage = (event: MessageEvent<ArrayBuffer>) => (received += event.data.byteLength);
  channel.addEventListener('message', onMessage);
  const values: number[] = [];
  const started = performance.now();
  let sent = 0;
  const pump = setInterval(() => {
    const elapsed = (performance.now() - started) / 1000;
    while (
      channel.readyState === 'open' &&
      channel.bufferedAmount < 512 * 1024 &&
      sent < paceBytesPerSecond * elapsed
    ) {
      channel.send(chunk);
      sent += chunk.byteLength;
    }
  }, 20);
  try {
    for (let second = 1; second <= preflightLimits.bitrateSeconds; second++) {
      await sleep(Math.max(0, started + second * 1000 - performance.now()), signal);
      values.push(Math.round((received * 8) / 1000));
      received = 0;
      onValues([...values]);
    }
  } finally {
    clearInterval(pump);
    channel.removeEventListener('message', onMessage);
  }
  if (values.every((value) => value === 0)) throw new Error('No data came back through the connection.');
  const averageBitrate = Math.round(values.reduce((sum, value) => sum + value, 0) / values.length);
  return { values, averageBitrate };
}
