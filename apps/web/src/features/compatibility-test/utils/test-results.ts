import type { DeviceTestReport, ServiceComponent, TestResultsFile } from '@auscura/contracts';
import { preflightMethod } from './connection-tests.ts';
import type { ConnectionTestsState } from './connection-tests.ts';
import type { BrowserInfo } from './browser-info.ts';
import { qualityScores } from './quality.ts';

type TestResultsInput = {
  audioInput: DeviceTestReport;
  audioOutput: DeviceTestReport;
  video: DeviceTestReport;
  browser: BrowserInfo & { userAgent: string };
  connection: ConnectionTestsState;
  components: ServiceComponent[];
  signalingRegion: string | null;
  stethoscope: { skipped: boolean; deviceLabel: string | null };
  now?: Date;
};

/** test_results.json (exams-and-devices §3): every group, as measured; nothing filled in. */
export function testResults(input: TestResultsInput): TestResultsFile {
  const { connection } = input;
  const quality = qualityScores(connection.preflight, connection.bitrate);
  return {
    audioTestResults: { inputTest: input.audioInput, outputTest: input.audioOutput },
    bitrateTestResults: {
      maxBitrate: connection.bitrate ? Math.max(...connection.bitrate.values) : 0,
      report: connection.bitrate,
      error: connection.bitrateError,
    },
    browserInformation: input.browser,
    connectivityResults: {
      components: input.components,
      signalingRegion: input.signalingRegion,
      turn: connection.turn,
      signalingGateway: connection.signalingGateway,
      selectedCandidatePair: connection.candidatePair,
    },
    preflightTestReport: { report: connection.preflight, error: connection.preflightError, method: preflightMethod },
    videoTestResults: input.video,
    quality,
    stethoscope: input.stethoscope,
    dateCreated: (input.now ?? new Date()).toISOString(),
  };
}

/** Saves test_results.json through a download link. */
export function downloadTestResults(results: TestResultsFile): void {
  const blob = new Blob([JSON.stringify(results, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'test_results.json';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
