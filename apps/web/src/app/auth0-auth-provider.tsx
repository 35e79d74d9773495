import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { Auth0Provider, useAuth0 } from '@auth0/auth0-react';
import { AuthContext } from '../lib/auth.ts';
import type { AuthState, SignInProviderProps } from '../lib/auth.ts';

/** The Auth0 SDK's state as the app's AuthState (the names are the SDK's, so it maps one to one). */
function Auth0Bridge({ children }: { children: ReactNode }) {
  const { isLoading, isAuthenticated, user, loginWithRedirect, logout, getAccessTokenSilently } = useAuth0();
  const value = useMemo<AuthState>(
    () => ({
      isLoading,
      isAuthenticated,
      user: user as Record<string, unknown> | undefined,
      loginWithRedirect: (options) => loginWithRedirect(options),
      logout: (options) => logout(options),
      getAccessTokenSilently: () => getAccessTokenSilently(),
    }),
    [isLoading, isAuthenticated, user, loginWithRedirect, logout, getAccessTokenSilently],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/**
 * Auth0 mode: the Auth0 SDK, in a chunk of its own that only this mode loads (issue 41). Tokens
 * and refresh tokens are kept as the built-in client keeps them: refresh tokens in local storage.
 */
export default function Auth0AuthProvider({
  domain,
  clientId,
  audience,
  scope,
  redirectUri,
  onRedirectCallback,
  children,
}: SignInProviderProps) {
  return (
    <Auth0Provider
      domain={domain}
      clientId={clientId}
      authorizationParams={{ audience, scope, redirect_uri: redirectUri }}
      useRefreshTokens
      cacheLocation="localstorage"
      onRedirectCallback={onRedirectCallback}
    >
      <Auth0Bridge>{children}</Auth0Bridge>
    </Auth0Provider>
  );
}
