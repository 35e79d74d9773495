import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageSpinner } from '../../components/feedback/page-spinner.tsx';
import { GlobalErrorGate } from '../../features/errors/components/global-error-gate.tsx';
import { usePublicConfigState } from '../../lib/public-config.ts';
import { AuthProvider } from '../auth-provider.tsx';

/** The top route: error screen, lazy-route fallback, and sign-in once the server's configuration is known. */
export function RootRoute() {
  const { config } = usePublicConfigState();
  const page = (
    <GlobalErrorGate>
      <Suspense fallback={<PageSpinner label="Loading…" />}>
        <Outlet />
      </Suspense>
    </GlobalErrorGate>
  );
  return config ? <AuthProvider auth={config.auth}>{page}</AuthProvider> : page;
}
