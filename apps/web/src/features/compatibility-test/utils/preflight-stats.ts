import type { PreflightReport } from '@auscura/contracts';

/**
 * What the preflight reads from the browser's RTCPeerConnection.getStats() once a second
 * (W3C webrtc-stats), and how the §3 report is made from it:
 *
 * - RTT: the selected ICE candidate pair's STUN round trips (RTCIceCandidatePairStats
 *   `totalRoundTripTime` / `responsesReceived`, per interval): each sample is the mean round trip
 *   of the consent checks answered in that interval, through TURN when the browser relays.
 * - Jitter: RTCInboundRtpStreamStats `jitter` (RFC 3550 interarrival jitter, seconds → ms) of the
 *   audio the server echoes back with the browser's own RTP timestamps: the variation of the
 *   whole round trip's transit time.
 * - Packet loss: the audio's packets lost on the way out and on the way back, over all packets that
 *   crossed. The server renumbers what it echoes, so the inbound stream's `packetsLost` counts the
 *   way back only; what went out (outbound-rtp `packetsSent`) and never came back, neither received
 *   nor counted lost on the way back, was lost on the way in. For symmetric loss of p on each way
 *   this reads p (a round trip alone would read 2p − p²).
 */
export type StatsSnapshot = {
  /** ms (performance.now()). */
  at: number;
  pair: { totalRoundTripTime: number; responsesReceived: number; currentRoundTripTime: number | null } | null;
  inbound: { packetsReceived: number; packetsLost: number; jitter: number } | null;
  outbound: { packetsSent: number } | null;
  /** e.g. 'relay → host (udp)'. */
  candidatePair: string | null;
};

type Stat = Record<string, unknown> & { id: string; type: string };
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

export function snapshotOf(report: RTCStatsReport, at: number): StatsSnapshot {
  const stats = new Map<string, Stat>();
  report.forEach((stat: Stat) => stats.set(stat.id, stat));
  const all = [...stats.values()];
  const transport = all.find((stat) => stat.type === 'transport' && typeof stat.selectedCandidatePairId === 'string');
  const pair =
    (transport && stats.get(transport.selectedCandidatePairId as string)) ??
    all.find((stat) => stat.type === 'candidate-pair' && stat.nominated === true && stat.state === 'succeeded');
  const inbound = all.find((stat) => stat.type === 'inbound-rtp' && stat.kind === 'audio');
  const outbound = all.find((stat) => stat.type === 'outbound-rtp' && stat.kind === 'audio');
  const local = pair && stats.get(pair.localCandidateId as string);
  const remote = pair && stats.get(pair.remoteCandidateId as string);
  return {
    at,
    pair: pair
      ? {
          totalRoundTripTime: num(pair.totalRoundTripTime) ?? 0,
          responsesReceived: num(pair.responsesReceived) ?? 0,
          currentRoundTripTime: num(pair.currentRoundTripTime),
        }
      : null,
    inbound: inbound
      ? {
          packetsReceived: num(inbound.packetsReceived) ?? 0,
          packetsLost: num(inbound.packetsLost) ?? 0,
          jitter: num(inbound.jitter) ?? 0,
        }
      : null,
    outbound: outbound ? { packetsSent: num(outbound.packetsSent) ?? 0 } : null,
    candidatePair:
      local && remote
        ? `${String(local.candidateType)} → ${String(remote.candidateType)} (${String(local.protocol ?? remote.protocol ?? '?')})`
        : null,
  };
}

const average = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The RTT samples (ms) of consecutive snapshots: the mean of the STUN round trips answered in each interval. */
export function rttSamples(snapshots: StatsSnapshot[]): number[] {
  const samples: number[] = [];
  let previous = { totalRoundTripTime: 0, responsesReceived: 0 };
  for (const { pair } of snapshots) {
    if (!pair) continue;
    const responses = pair.responsesReceived - previous.responsesReceived;
    if (responses > 0) samples.push(((pair.totalRoundTripTime - previous.totalRoundTripTime) / responses) * 1000);
    previous = pair;
  }
  return samples;
}

/** Loss (%) of one stretch: lost both ways over every packet that crossed (see above). */
function lossPercent(sent: number, received: number, lostBack: number): number | null {
  const cameBack = received + lostBack;
  const crossed = sent + cameBack;
  if (sent <= 0 || crossed <= 0) return null;
  const lostOut = Math.max(0, sent - cameBack);
  return Math.min(100, ((lostOut + lostBack) / crossed) * 100);
}

/** Each interval's loss, for intervals with at least `minPackets` sent (fewer make a sample mostly noise). */
export function lossSamples(snapshots: StatsSnapshot[], minPackets = 20): number[] {
  const samples: number[] = [];
  for (let i = 1; i < snapshots.length; i++) {
    const [a, b] = [snapshots[i - 1]!, snapshots[i]!];
    if (!a.outbound || !b.outbound || !b.inbound) continue;
    const sent = b.outbound.packetsSent - a.outbound.packetsSent;
    if (sent < minPackets) continue;
    const received = b.inbound.packetsReceived - (a.inbound?.packetsReceived ?? 0);
    const lost = b.inbound.packetsLost - (a.inbound?.packetsLost ?? 0);
    const sample = lossPercent(sent, received, lost);
    if (sample !== null) samples.push(sample);
  }
  return samples;
}

/**
 * The §3 preflight report from the snapshots taken while the audio flowed and `final`, taken after
 * the audio stopped and what was in flight arrived (the totals). Null when something could not
 * be measured (no STUN round trip answered, no audio back): nothing is estimated.
 */
export function preflightReportOf(snapshots: StatsSnapshot[], final: StatsSnapshot): PreflightReport | null {
  const rtt = rttSamples([...snapshots, final]);
  const jitter = snapshots
    .filter((s) => s.inbound && s.inbound.packetsReceived > 0)
    .map((s) => s.inbound!.jitter * 1000);
  const total =
    final.outbound && final.inbound
      ? lossPercent(final.outbound.packetsSent, final.inbound.packetsReceived, final.inbound.packetsLost)
      : null;
  if (!rtt.length || !jitter.length || total === null) return null;
  const losses = lossSamples(snapshots);
  return {
    stats: {
      rtt: { average: round(average(rtt)), max: round(Math.max(...rtt)) },
      jitter: { average: round(average(jitter)), max: round(Math.max(...jitter)) },
      packetLoss: { average: round(total), max: round(Math.max(total, ...losses)) },
    },
  };
}
