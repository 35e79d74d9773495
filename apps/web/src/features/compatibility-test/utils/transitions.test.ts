import { describe, expect, it } from 'vitest';
import { isDownDisabled, isUpDisabled, nextPane, panes, previousPane } from './transitions.ts';
import type { DownFacts, Pane, WizardFacts } from './transitions.ts';

/** Every combination of the three facts the moves depend on. */
const allFacts: WizardFacts[] = [false, true].flatMap((deviceError) =>
  [false, true].flatMap((stethoscopeSkipped) =>
    [false, true].map((stethoscopeConnectionError) => ({
      deviceError,
      stethoscopeSkipped,
      stethoscopeConnectionError,
    })),
  ),
);

/** The §4 table written out: forward and backward for every pane, given the facts. */
function expectedNext(pane: Pane, f: WizardFacts): Pane | null {
  const table: Record<Pane, Pane | null> = {
    getStarted: 'browserTest',
    browserTest: 'deviceCheck',
    deviceCheck: f.deviceError ? 'deviceError' : 'cameraTest',
    deviceError: 'cameraTest',
    cameraTest: 'audioTest',
    audioTest: f.stethoscopeSkipped ? 'connectivity' : 'stethoscopeConnection',
    stethoscopeConnection: f.stethoscopeConnectionError ? 'stethoscopeConnectionError' : 'stethoscopeTest',
    stethoscopeConnectionError: 'stethoscopeTest',
    stethoscopeTest: 'connectivity',
    connectivity: 'quality',
    quality: 'results',
    results: null,
  };
  return table[pane];
}
function expectedPrevious(pane: Pane, f: WizardFacts): Pane | null {
  const table: Record<Pane, Pane | null> = {
    getStarted: null,
    browserTest: 'getStarted',
    deviceCheck: 'browserTest',
    deviceError: 'deviceCheck',
    cameraTest: 'deviceCheck',
    audioTest: 'cameraTest',
    stethoscopeConnection: 'audioTest',
    stethoscopeConnectionError: 'stethoscopeConnection',
    stethoscopeTest: 'stethoscopeConnectionError',
    connectivity: f.stethoscopeSkipped ? 'audioTest' : 'stethoscopeTest',
    quality: 'connectivity',
    results: 'quality',
  };
  return table[pane];
}

const describeFacts = (f: WizardFacts) =>
  `deviceError=${f.deviceError} skipped=${f.stethoscopeSkipped} stethError=${f.stethoscopeConnectionError}`;

describe('the compatibility wizard’s moves (§4)', () => {
  it('has the twelve panes in the §2.10 order', () => {
    expect(panes).toEqual([
      'getStarted',
      'browserTest',
      'deviceCheck',
      'deviceError',
      'cameraTest',
      'audioTest',
      'stethoscopeConnection',
      'stethoscopeConnectionError',
      'stethoscopeTest',
      'connectivity',
      'quality',
      'results',
    ]);
  });

  for (const facts of allFacts) {
    for (const pane of panes) {
      it(`goes forward and back from ${pane} as §4 says (${describeFacts(facts)})`, () => {
        expect(nextPane(pane, facts)).toBe(expectedNext(pane, facts));
        expect(previousPane(pane, facts)).toBe(expectedPrevious(pane, facts));
        expect(isUpDisabled(pane, facts)).toBe(expectedPrevious(pane, facts) === null);
      });
    }
  }

  it('walks the default path (no device error, stethoscope skipped) from Get started to Results', () => {
    const facts = { deviceError: false, stethoscopeSkipped: true, stethoscopeConnectionError: false };
    const walked: Pane[] = ['getStarted'];
    for (let pane = nextPane('getStarted', facts); pane; pane = nextPane(pane, facts)) walked.push(pane);
    expect(walked).toEqual([
      'getStarted',
      'browserTest',
      'deviceCheck',
      'cameraTest',
      'audioTest',
      'connectivity',
      'quality',
      'results',
    ]);
  });
});

describe('the down button (§4)', () => {
  const base: DownFacts = {
    deviceError: false,
    stethoscopeSkipped: true,
    stethoscopeConnectionError: false,
    expired: false,
    connectivityRunning: false,
    connectivityErrored: false,
    deviceReportErrors: false,
    platformSupported: true,
  };
  const freePanes = panes.filter((pane) => !['deviceCheck', 'deviceError', 'results'].includes(pane));

  it('is enabled on every other pane when nothing is wrong', () => {
    for (const pane of freePanes) expect(isDownDisabled(pane, base), pane).toBe(false);
  });

  it('is disabled on Device check, Device error and Results (no next pane), whatever else holds', () => {
    for (const pane of ['deviceCheck', 'deviceError', 'results'] as const)
      expect(isDownDisabled(pane, base)).toBe(true);
  });

  it('is disabled everywhere when the app has expired or a device test reported errors', () => {
    for (const pane of panes) {
      expect(isDownDisabled(pane, { ...base, expired: true }), pane).toBe(true);
      expect(isDownDisabled(pane, { ...base, deviceReportErrors: true }), pane).toBe(true);
    }
  });

  it('is disabled on Connectivity only, while a test runs or after it errored', () => {
    for (const fact of ['connectivityRunning', 'connectivityErrored'] as const) {
      for (const pane of freePanes) {
        expect(isDownDisabled(pane, { ...base, [fact]: true }), `${pane} ${fact}`).toBe(pane === 'connectivity');
      }
    }
  });

  it('is disabled on Browser test only, when the platform is not supported', () => {
    for (const pane of freePanes) {
      expect(isDownDisabled(pane, { ...base, platformSupported: false }), pane).toBe(pane === 'browserTest');
    }
  });
});
