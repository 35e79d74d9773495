import { describe, expect, it } from 'vitest';
import { testResultsFileSchema } from '@auscura/contracts';
import { initialConnectionTests } from './connection-tests.ts';
import { testResults } from './test-results.ts';

describe('test_results.json', () => {
  const base = {
    audioInput: { errors: [] },
    audioOutput: { errors: ['No audio detected.'] },
    video: { errors: [] },
    browser: { browser: 'Chromium 156', os: 'Linux', userAgent: 'UA' },
    components: [{ name: 'API', status: 'operational' as const }],
    signalingRegion: 'localhost:8291',
    stethoscope: { skipped: true, deviceLabel: null },
    now: new Date('2026-01-02T03:04:05Z'),
  };

  it('has every §3 group, with the measured reports and the maximum bitrate', () => {
    const file = testResults({
      ...base,
      connection: {
        ...initialConnectionTests,
        status: 'done',
        preflight: {
          stats: { rtt: { average: 20, max: 30 }, jitter: { average: 2, max: 3 }, packetLoss: { average: 0, max: 0 } },
        },
        bitrate: { values: [1200, 1800, 1500], averageBitrate: 1500 },
        turn: 'reachable',
        signalingGateway: 'reachable',
      },
    });
    expect(testResultsFileSchema.parse(file)).toEqual(file);
    expect(Object.keys(file)).toEqual(
      expect.arrayContaining([
        'audioTestResults',
        'bitrateTestResults',
        'browserInformation',
        'connectivityResults',
        'preflightTestReport',
        'videoTestResults',
      ]),
    );
    expect(file.bitrateTestResults.maxBitrate).toBe(1800);
    expect(file.audioTestResults.outputTest.errors).toEqual(['No audio detected.']);
    expect(file.connectivityResults).toMatchObject({ signalingRegion: 'localhost:8291', turn: 'reachable' });
    expect(file.quality).toMatchObject({ latency: 'Excellent', bitrate: 'Excellent', total: 'Excellent' });
  });

  it('carries the preflight’s error and no report when it failed', () => {
    const file = testResults({
      ...base,
      connection: { ...initialConnectionTests, status: 'done', preflightError: 'The TURN server could not be reached' },
    });
    expect(file.preflightTestReport).toMatchObject({ report: null, error: 'The TURN server could not be reached' });
    expect(file.bitrateTestResults).toMatchObject({ maxBitrate: 0, report: null });
    expect(file.quality?.total).toBeNull();
  });
});
