import { useAtom, useAtomValue } from 'jotai';
import { isSupportedPlatform } from '../../../lib/media/media-check.ts';
import {
  activePaneAtom,
  audioInputReportAtom,
  audioOutputReportAtom,
  connectionTestsAtom,
  deviceFailureAtom,
  stethoscopeAtom,
  stethoscopeSkippedAtom,
  tokenAtom,
  videoReportAtom,
} from '../stores/wizard.ts';
import { connectivityFailed } from '../utils/connectivity.ts';
import { isDownDisabled, isUpDisabled, nextPane, previousPane } from '../utils/transitions.ts';
import type { DownFacts, Pane } from '../utils/transitions.ts';

/** The wizard's position and its §4 moves, from the shared state. */
export function useWizard() {
  const [pane, setPane] = useAtom(activePaneAtom);
  const stethoscopeSkipped = useAtomValue(stethoscopeSkippedAtom);
  const deviceFailure = useAtomValue(deviceFailureAtom);
  const stethoscope = useAtomValue(stethoscopeAtom);
  const token = useAtomValue(tokenAtom);
  const connection = useAtomValue(connectionTestsAtom);
  const reports = [
    useAtomValue(videoReportAtom),
    useAtomValue(audioInputReportAtom),
    useAtomValue(audioOutputReportAtom),
  ];
  const facts: DownFacts = {
    deviceError: deviceFailure !== null,
    stethoscopeSkipped,
    stethoscopeConnectionError: stethoscope.connectionError,
    expired: token.status === 'expired',
    connectivityRunning: connection.status !== 'done',
    connectivityErrored: connection.status === 'done' && connectivityFailed(connection),
    deviceReportErrors: reports.some((report) => report.errors.length > 0),
    platformSupported: isSupportedPlatform(),
  };
  const next = nextPane(pane, facts);
  const previous = previousPane(pane, facts);
  return {
    pane,
    facts,
    goTo: (target: Pane) => setPane(target),
    downDisabled: isDownDisabled(pane, facts),
    upDisabled: isUpDisabled(pane, facts),
    down: () => next && setPane(next),
    up: () => previous && setPane(previous),
    /** Forward by §4 from the current pane, whatever the down button says (a pane's own button). */
    forward: (overrides: Partial<DownFacts> = {}) => {
      const target = nextPane(pane, { ...facts, ...overrides });
      if (target) setPane(target);
    },
  };
}
