import { describe, expect, it } from 'vitest';
import { bitrateScore, jitterScore, latencyScore, minimumQuality, packetLossScore, qualityScores } from './quality.ts';

describe('the §9 quality thresholds, at every boundary', () => {
  it('grades the average RTT', () => {
    expect([0, 100, 100.01, 250, 250.01, 399.99, 400, 1000].map(latencyScore)).toEqual([
      'Excellent',
      'Excellent',
      'Good',
      'Good',
      'Suboptimal',
      'Suboptimal',
      'Poor',
      'Poor',
    ]);
  });

  it('grades the jitter', () => {
    expect([0, 5, 5.01, 10, 10.01, 30, 30.01].map(jitterScore)).toEqual([
      'Excellent',
      'Excellent',
      'Good',
      'Good',
      'Suboptimal',
      'Suboptimal',
      'Poor',
    ]);
  });

  it('grades the packet loss', () => {
    expect([0, 1, 1.01, 3, 3.01, 8, 8.01, 100].map(packetLossScore)).toEqual([
      'Excellent',
      'Excellent',
      'Good',
      'Good',
      'Suboptimal',
      'Suboptimal',
      'Poor',
      'Poor',
    ]);
  });

  it('grades the bitrate (higher is better)', () => {
    expect([5000, 1000.01, 1000, 500.01, 500, 150.01, 150, 0].map(bitrateScore)).toEqual([
      'Excellent',
      'Excellent',
      'Good',
      'Good',
      'Suboptimal',
      'Suboptimal',
      'Poor',
      'Poor',
    ]);
  });
});

describe('the total quality', () => {
  const preflight = (rtt: number, jitter: number, loss: number) => ({
    stats: {
      rtt: { average: rtt, max: rtt },
      jitter: { average: jitter, max: jitter },
      packetLoss: { average: loss, max: loss },
    },
  });
  const bitrate = (kbps: number) => ({ values: [kbps], averageBitrate: kbps });

  it('is the minimum of the four scores', () => {
    expect(minimumQuality(['Excellent', 'Good', 'Excellent'])).toBe('Good');
    expect(qualityScores(preflight(20, 1, 0), bitrate(3000))).toEqual({
      latency: 'Excellent',
      jitter: 'Excellent',
      packetLoss: 'Excellent',
      bitrate: 'Excellent',
      total: 'Excellent',
    });
    expect(qualityScores(preflight(200, 1, 5), bitrate(3000)).total).toBe('Suboptimal');
    expect(qualityScores(preflight(20, 1, 0), bitrate(100)).total).toBe('Poor');
  });

  it('is not given when a measure is missing', () => {
    expect(qualityScores(preflight(20, 1, 0), null)).toMatchObject({
      latency: 'Excellent',
      bitrate: null,
      total: null,
    });
    expect(qualityScores(null, null).total).toBeNull();
  });
});
