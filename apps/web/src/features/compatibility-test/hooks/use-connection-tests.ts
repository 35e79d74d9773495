import { useCallback, useEffect, useRef } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { getCompatibilityTurnCredentials } from '../../../lib/api/video/get-turn-credentials.ts';
import { postPreflightOffer } from '../../../lib/api/video/post-preflight-offer.ts';
import { reportError } from '../../../lib/error-reporting.ts';
import { connectionTestsAtom, testsStartedAtom, tokenAtom } from '../stores/wizard.ts';
import { runConnectionTests } from '../utils/connection-tests.ts';
import type { ConnectionTestsState } from '../utils/connection-tests.ts';

/**
 * Starts the connection tests (preflight, then bitrate) once, when Get started is left (§4), and
 * stops them when the page goes away. Returns the start function.
 */
export function useConnectionTests(): () => void {
  const token = useAtomValue(tokenAtom);
  const setState = useSetAtom(connectionTestsAtom);
  const setStarted = useSetAtom(testsStartedAtom);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  return useCallback(() => {
    setStarted(true);
    if (controller.current) return;
    controller.current = new AbortController();
    const update = (change: Partial<ConnectionTestsState>) => setState((state) => ({ ...state, ...change }));
    if (token.status !== 'ready') {
      update({
        status: 'done',
        preflightError:
          token.status === 'failed' ? `No test token: ${token.error}` : 'The test token is not available.',
      });
      return;
    }
    const value = token.token.token;
    void runConnectionTests(
      {
        iceServers: async (signal) => (await getCompatibilityTurnCredentials(value, signal)).iceServers,
        exchange: (sdp, signal) => postPreflightOffer(value, sdp, signal),
      },
      (change) => {
        update(change);
        // §7.6: failures are sent to error reporting (the message only: no addresses).
        if (change.preflightError) reportError(new Error(`Compatibility preflight: ${change.preflightError}`), 'error');
        if (change.bitrateError) reportError(new Error(`Compatibility bitrate test: ${change.bitrateError}`), 'error');
      },
      controller.current.signal,
    );
  }, [token, setState, setStarted]);
}
