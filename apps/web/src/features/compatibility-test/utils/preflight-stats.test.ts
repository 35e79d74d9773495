import { describe, expect, it } from 'vitest';
import { lossSamples, preflightReportOf, rttSamples, snapshotOf } from './preflight-stats.ts';
import type { StatsSnapshot } from './preflight-stats.ts';

const snap = (
  at: number,
  rtt: [total: number, responses: number],
  inbound: [received: number, lost: number, jitter: number],
  sent: number,
): StatsSnapshot => ({
  at,
  pair: { totalRoundTripTime: rtt[0], responsesReceived: rtt[1], currentRoundTripTime: null },
  inbound: { packetsReceived: inbound[0], packetsLost: inbound[1], jitter: inbound[2] },
  outbound: { packetsSent: sent },
  candidatePair: 'relay → host (udp)',
});

describe('the preflight report from getStats snapshots', () => {
  it('takes each interval’s mean STUN round trip as an RTT sample', () => {
    const snapshots = [
      snap(0, [0.2, 1], [0, 0, 0], 0),
      snap(1000, [0.2, 1], [0, 0, 0], 50),
      snap(2000, [0.8, 3], [0, 0, 0], 100),
    ];
    expect(rttSamples(snapshots).map((ms) => Math.round(ms))).toEqual([200, 300]);
  });

  it('counts symmetric loss of 5 % each way as 5 %, not as the round trip’s 9.75 %', () => {
    // 1000 packets out; 50 lost on the way in; of the 950 echoed, 47.5 lost on the way back.
    const final = snap(11_000, [2, 10], [902, 48, 0.001], 1000);
    const report = preflightReportOf([snap(1000, [0.2, 1], [90, 5, 0.001], 100)], final)!;
    expect(report.stats.packetLoss.average).toBeCloseTo(((50 + 48) / (1000 + 950)) * 100, 2);
    expect(report.stats.packetLoss.average).toBeGreaterThan(4.9);
    expect(report.stats.packetLoss.average).toBeLessThan(5.1);
  });

  it('reports jitter in ms, RTT averages and maxima', () => {
    const snapshots = [snap(1000, [0.1, 1], [50, 0, 0.002], 50), snap(2000, [0.4, 2], [100, 0, 0.006], 100)];
    const report = preflightReportOf(snapshots, snap(3000, [0.5, 3], [150, 0, 0.004], 150))!;
    expect(report.stats.jitter).toEqual({ average: 4, max: 6 });
    expect(report.stats.rtt).toEqual({ average: 166.67, max: 300 });
    expect(report.stats.packetLoss).toEqual({ average: 0, max: 0 });
  });

  it('takes the worst interval as the loss maximum, ignoring intervals with too few packets', () => {
    const snapshots = [
      snap(1000, [0.1, 1], [50, 0, 0], 50),
      snap(2000, [0.2, 2], [90, 10, 0], 100),
      snap(2100, [0.2, 2], [90, 12, 0], 105),
    ];
    expect(lossSamples(snapshots)).toEqual([(10 / 100) * 100]);
  });

  it('gives no report when nothing came back, rather than a made-up one', () => {
    const nothing: StatsSnapshot = {
      at: 0,
      pair: null,
      inbound: null,
      outbound: { packetsSent: 500 },
      candidatePair: null,
    };
    expect(preflightReportOf([nothing], nothing)).toBeNull();
  });

  it('reads the selected pair, the audio streams and the candidate types from a stats report', () => {
    const entries = [
      { id: 'T', type: 'transport', selectedCandidatePairId: 'P' },
      {
        id: 'P',
        type: 'candidate-pair',
        localCandidateId: 'L',
        remoteCandidateId: 'R',
        totalRoundTripTime: 0.4,
        responsesReceived: 2,
        currentRoundTripTime: 0.2,
      },
      { id: 'X', type: 'candidate-pair', nominated: false, totalRoundTripTime: 9, responsesReceived: 9 },
      { id: 'L', type: 'local-candidate', candidateType: 'relay', protocol: 'udp' },
      { id: 'R', type: 'remote-candidate', candidateType: 'host' },
      { id: 'I', type: 'inbound-rtp', kind: 'audio', packetsReceived: 10, packetsLost: 1, jitter: 0.003 },
      { id: 'O', type: 'outbound-rtp', kind: 'audio', packetsSent: 12 },
    ];
    const report = { forEach: (fn: (stat: unknown) => void) => entries.forEach(fn) } as unknown as RTCStatsReport;
    expect(snapshotOf(report, 5)).toEqual({
      at: 5,
      pair: { totalRoundTripTime: 0.4, responsesReceived: 2, currentRoundTripTime: 0.2 },
      inbound: { packetsReceived: 10, packetsLost: 1, jitter: 0.003 },
      outbound: { packetsSent: 12 },
      candidatePair: 'relay → host (udp)',
    });
  });
});
