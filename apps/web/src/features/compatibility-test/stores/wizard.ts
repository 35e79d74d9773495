import { atom } from 'jotai';
import type { CompatibilityToken, DeviceTestReport } from '@auscura/contracts';
import type { MediaFailure } from '../../../lib/media/media-check.ts';
import { initialConnectionTests } from '../utils/connection-tests.ts';
import type { ConnectionTestsState } from '../utils/connection-tests.ts';
import type { Pane } from '../utils/transitions.ts';

/**
 * The compatibility wizard's shared state. The page gives these atoms a store of their own
 * (compatibility-test-page.tsx), so every visit starts a fresh test, as 'Restart test' does.
 */
export const activePaneAtom = atom<Pane>('getStarted');

/** §4: the stethoscope panes are skipped by default; the Audio test pane offers to include them. */
export const stethoscopeSkippedAtom = atom(true);

/** The permission check's failure (a §8 reason); null when it passed or has not run. */
export const deviceFailureAtom = atom<MediaFailure | null>(null);

export const videoReportAtom = atom<DeviceTestReport>({ errors: [] });
export const audioInputReportAtom = atom<DeviceTestReport>({ errors: [] });
export const audioOutputReportAtom = atom<DeviceTestReport>({ errors: [] });

type StethoscopeState = {
  /** Polling (16 × 500 ms) found no input whose label matches a device unit. */
  connectionError: boolean;
  deviceId: string | null;
  label: string | null;
};
export const stethoscopeAtom = atom<StethoscopeState>({ connectionError: false, deviceId: null, label: null });

type TokenState =
  | { status: 'loading' }
  | { status: 'ready'; token: CompatibilityToken }
  | { status: 'expired' }
  | { status: 'failed'; error: string };
export const tokenAtom = atom<TokenState>({ status: 'loading' });

/** Leaving Get started starts the connection tests and the status fetch (§4). */
export const testsStartedAtom = atom(false);
export const connectionTestsAtom = atom<ConnectionTestsState>(initialConnectionTests);

/** The devices chosen on the camera and audio panes (remembered in the browser as §3 says). */
export const chosenDevicesAtom = atom<{
  videoInput: string | null;
  audioInput: string | null;
  audioOutput: string | null;
}>({ videoInput: null, audioInput: null, audioOutput: null });

/** The device-change snackbar (§8), shown when a camera or audio test reports errors. */
export const deviceChangeSnackbarAtom = atom(false);
