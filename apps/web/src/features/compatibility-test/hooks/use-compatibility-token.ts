import { useEffect } from 'react';
import { useSetAtom } from 'jotai';
import { getCompatibilityToken } from '../../../lib/api/video/get-compatibility-token.ts';
import { reportError } from '../../../lib/error-reporting.ts';
import { tokenAtom } from '../stores/wizard.ts';

/** Asks for the test's token when the page opens: its answer also says whether the app has expired (§7.6). */
export function useCompatibilityToken() {
  const setToken = useSetAtom(tokenAtom);
  useEffect(() => {
    const controller = new AbortController();
    getCompatibilityToken(controller.signal)
      .then((answer) => setToken(answer.expired ? { status: 'expired' } : { status: 'ready', token: answer.token }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // §7.6: failures are sent to error reporting.
        reportError(error, 'api');
        setToken({ status: 'failed', error: error instanceof Error ? error.message : String(error) });
      });
    return () => controller.abort();
  }, [setToken]);
}
