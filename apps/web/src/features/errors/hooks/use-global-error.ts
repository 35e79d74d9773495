import { useEffect } from 'react';
import { useAtom } from 'jotai';
import { reportError } from '../../../lib/error-reporting.ts';
import { globalErrorAtom } from '../stores/global-error.ts';

// Chromium fires this benign 'error' when a ResizeObserver callback resizes what it observes (MUI tables do).
const ignoredMessages = [/ResizeObserver loop/];

function isIgnored(message: string): boolean {
  return ignoredMessages.some((pattern) => pattern.test(message));
}

/**
 * Feeds uncaught errors and unhandled promise rejections to the global error screen and to
 * error reporting (clinician-portal §2.2), and clears the screen when the path changes.
 */
export function useGlobalError(pathname: string) {
  const [globalError, setGlobalError] = useAtom(globalErrorAtom);

  useEffect(() => {
    const onError = (event: ErrorEvent) => {
      if (isIgnored(event.message)) return;
      reportError(event.error ?? event.message, 'error');
      setGlobalError({ error: event.error ?? event.message });
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      reportError(event.reason, 'unhandledrejection');
      setGlobalError({ error: event.reason });
    };
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, [setGlobalError]);

  useEffect(() => {
    setGlobalError(null);
  }, [pathname, setGlobalError]);

  return globalError;
}
