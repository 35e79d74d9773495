import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { apiScopes } from '@auscura/contracts';
import type { PublicConfig } from '@auscura/contracts';
import { useNavigate } from 'react-router-dom';
import { PageSpinner } from '../components/feedback/page-spinner.tsx';
import { paths } from '../config/paths.ts';
import { safeReturnTo, useApiAuthBridge } from '../lib/auth.ts';
import type { AppState } from '../lib/oidc-client.ts';
import { BuiltInAuthProvider } from './built-in-auth-provider.tsx';

// The Auth0 SDK (with auth0-spa-js, 62 KB gzip) loads only when the server says Auth0 mode.
const Auth0AuthProvider = lazy(() => import('./auth0-auth-provider.tsx'));

function ApiAuthBridge({ children }: { children: ReactNode }) {
  useApiAuthBridge();
  return children;
}

/**
 * Sign-in through the identity provider the server names: the API's own (built-in mode, a small
 * OIDC client) or Auth0 (its SDK, loaded on demand). In built-in mode `domain` is an http origin.
 */
export function AuthProvider({ auth, children }: { auth: PublicConfig['auth']; children: ReactNode }) {
  const navigate = useNavigate();
  const onRedirectCallback = (appState?: AppState) => {
    const returnTo = safeReturnTo(appState?.returnTo);
    navigate(`${paths.authCallback.getHref()}?returnTo=${encodeURIComponent(returnTo)}`, { replace: true });
  };
  const settings = {
    domain: auth.domain,
    clientId: auth.clientId,
    audience: auth.audience,
    scope: apiScopes.join(' '),
    redirectUri: `${window.location.origin}${paths.authCallback.getHref()}`,
    onRedirectCallback,
  };
  const bridged = <ApiAuthBridge>{children}</ApiAuthBridge>;

  if (auth.mode === 'auth0') {
    return (
      <Suspense fallback={<PageSpinner label="Loading…" />}>
        <Auth0AuthProvider {...settings}>{bridged}</Auth0AuthProvider>
      </Suspense>
    );
  }
  return <BuiltInAuthProvider {...settings}>{bridged}</BuiltInAuthProvider>;
}
