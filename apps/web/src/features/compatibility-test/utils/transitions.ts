/**
 * The compatibility wizard's panes and moves (exams-and-devices §2.10 order, §4 "Compatibility
 * wizard transitions"), as pure functions of the wizard's state: the page only asks them.
 */
export const panes = [
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
] as const;
export type Pane = (typeof panes)[number];

export const paneTitles: Record<Pane, string> = {
  getStarted: 'Get started',
  browserTest: 'Browser test',
  deviceCheck: 'Device check',
  deviceError: 'Device error',
  cameraTest: 'Camera test',
  audioTest: 'Audio test',
  stethoscopeConnection: 'Stethoscope connection',
  stethoscopeConnectionError: 'Stethoscope connection error',
  stethoscopeTest: 'Stethoscope test',
  connectivity: 'Connectivity',
  quality: 'Quality',
  results: 'Results',
};

/** What the moves depend on. */
export type WizardFacts = {
  /** The permission check failed (one of the device error panes applies). */
  deviceError: boolean;
  /** The stethoscope panes are skipped (the default). */
  stethoscopeSkipped: boolean;
  /** Polling found no stethoscope. */
  stethoscopeConnectionError: boolean;
};

const after = (pane: Pane): Pane | null => panes[panes.indexOf(pane) + 1] ?? null;
const before = (pane: Pane): Pane | null => panes[panes.indexOf(pane) - 1] ?? null;

/** §4 forward: the pane order, except at Device check, Audio test and Stethoscope connection. */
export function nextPane(pane: Pane, facts: WizardFacts): Pane | null {
  switch (pane) {
    case 'deviceCheck':
      return facts.deviceError ? 'deviceError' : 'cameraTest';
    case 'audioTest':
      return facts.stethoscopeSkipped ? 'connectivity' : 'stethoscopeConnection';
    case 'stethoscopeConnection':
      return facts.stethoscopeConnectionError ? 'stethoscopeConnectionError' : 'stethoscopeTest';
    default:
      return after(pane);
  }
}

/** §4 backward: Camera test to Device check; Connectivity to Audio test or Stethoscope test; else one back. */
export function previousPane(pane: Pane, facts: WizardFacts): Pane | null {
  switch (pane) {
    case 'cameraTest':
      return 'deviceCheck';
    case 'connectivity':
      return facts.stethoscopeSkipped ? 'audioTest' : 'stethoscopeTest';
    default:
      return before(pane);
  }
}

/** What disables the down button (§4). */
export type DownFacts = WizardFacts & {
  expired: boolean;
  connectivityRunning: boolean;
  connectivityErrored: boolean;
  /** Any audio (input or output) or video test report has errors. */
  deviceReportErrors: boolean;
  platformSupported: boolean;
};

/** §4: the down button is disabled when any of these holds. */
export function isDownDisabled(pane: Pane, facts: DownFacts): boolean {
  return (
    facts.expired ||
    (pane === 'connectivity' && (facts.connectivityRunning || facts.connectivityErrored)) ||
    facts.deviceReportErrors ||
    pane === 'deviceCheck' ||
    pane === 'deviceError' ||
    (pane === 'browserTest' && !facts.platformSupported) ||
    nextPane(pane, facts) === null
  );
}

/** The up button: there is a pane behind (Get started has none). */
export function isUpDisabled(pane: Pane, facts: WizardFacts): boolean {
  return previousPane(pane, facts) === null;
}
