import type { ReactNode } from 'react';
import { Auth0Provider } from '@auth0/auth0-react';
import type { AppState } from '@auth0/auth0-react';
import { apiScopes } from '@auscura/contracts';
import type { PublicConfig } from '@auscura/contracts';
import { useNavigate } from 'react-router-dom';
import { paths } from '../config/paths.ts';
import { safeReturnTo, useApiAuthBridge } from '../lib/auth.ts';

function ApiAuthBridge({ children }: { children: ReactNode }) {
  useApiAuthBridge();
  return children;
}

/**
 * Sign-in through the identity provider the server names (built-in or Auth0). In built-in mode
 * `domain` is an http origin: the SDK keeps it as is, and the `issuer` option is left out
 * because the SDK would then require an https issuer.
 */
export function AuthProvider({ auth, children }: { auth: PublicConfig['auth']; children: ReactNode }) {
  const navigate = useNavigate();
  const onRedirectCallback = (appState?: AppState) => {
    const returnTo = safeReturnTo(appState?.returnTo);
    navigate(`${paths.authCallback.getHref()}?returnTo=${encodeURIComponent(returnTo)}`, { replace: true });
  };

  return (
    <Auth0Provider
      domain={auth.domain}
      clientId={auth.clientId}
      authorizationParams={{
        audience: auth.audience,
        scope: apiScopes.join(' '),
        redirect_uri: `${window.location.origin}${paths.authCallback.getHref()}`,
      }}
      // Refresh tokens in local storage: the built-in provider has no iframe silent sign-in, so a reload would sign out.
      useRefreshTokens
      cacheLocation="localstorage"
      onRedirectCallback={onRedirectCallback}
    >
      <ApiAuthBridge>{children}</ApiAuthBridge>
    </Auth0Provider>
  );
}
