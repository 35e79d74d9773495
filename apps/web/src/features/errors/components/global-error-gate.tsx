import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../../../components/errors/error-boundary.tsx';
import { ErrorScreen } from '../../../components/errors/error-screen.tsx';
import { reportError } from '../../../lib/error-reporting.ts';
import { useGlobalError } from '../hooks/use-global-error.ts';

/** Shows the global error screen for render errors, uncaught errors and unhandled rejections. */
export function GlobalErrorGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const globalError = useGlobalError(pathname);
  const screen = <ErrorScreen standalone />;
  if (globalError) return screen;
  return (
    <ErrorBoundary resetKey={pathname} fallback={screen} onError={(error) => reportError(error, 'boundary')}>
      {children}
    </ErrorBoundary>
  );
}
