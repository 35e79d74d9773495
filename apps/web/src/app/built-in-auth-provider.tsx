import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AuthContext } from '../lib/auth.ts';
import type { AuthState, LoginOptions, LogoutOptions, SignInProviderProps } from '../lib/auth.ts';
import { createOidcClient } from '../lib/oidc-client.ts';
import type { AppState, OidcClient } from '../lib/oidc-client.ts';

type Session = { isLoading: boolean; user: Record<string, unknown> | undefined; idToken?: string };

// One start per client: StrictMode mounts twice in development, and a code can be exchanged only once.
type Started = { user: Record<string, unknown> | undefined; signedIn: boolean; appState?: AppState };
const starts = new WeakMap<OidcClient, Promise<Started>>();

function start(client: OidcClient) {
  let started = starts.get(client);
  if (!started) {
    started = (async () => {
      const url = new URL(window.location.href);
      if (client.isRedirectCallback(url)) {
        // A refused or failed sign-in leaves the user signed out; the callback page reads `error` from the address.
        return client.handleRedirectCallback(url).then(
          (appState) => ({ user: client.getUser(), signedIn: true, appState }),
          () => ({ user: undefined, signedIn: false }),
        );
      }
      // Restores the stored session: a token still valid, or one renewed with the refresh token.
      const restored = await client.getAccessToken().then(
        () => true,
        () => false,
      );
      return { user: restored ? client.getUser() : undefined, signedIn: false };
    })();
    starts.set(client, started);
  }
  return started;
}

/**
 * Sign-in through the API's own OpenID Connect provider (built-in mode), with the small client of
 * lib/oidc-client.ts instead of the Auth0 SDK. Calls onRedirectCallback after a sign-in's code is
 * exchanged, as the SDK's provider does.
 */
export function BuiltInAuthProvider({
  domain,
  clientId,
  audience,
  scope,
  redirectUri,
  onRedirectCallback,
  children,
}: SignInProviderProps) {
  const client = useMemo(
    () => createOidcClient({ domain, clientId, audience, scope, redirectUri }),
    [domain, clientId, audience, scope, redirectUri],
  );
  const [session, setSession] = useState<Session>({ isLoading: true, user: undefined });
  // The latest callback, read when the exchange ends: a new function on each render must not start it again.
  const redirectCallback = useRef(onRedirectCallback);
  useEffect(() => {
    redirectCallback.current = onRedirectCallback;
  });

  useEffect(() => {
    let active = true;
    void start(client).then(({ user, signedIn, appState }) => {
      if (!active) return;
      if (signedIn) redirectCallback.current(appState);
      setSession({ isLoading: false, user, idToken: user && client.getIdToken() });
    });
    return () => {
      active = false;
    };
  }, [client]);

  const loginWithRedirect = useCallback(
    (options: LoginOptions = {}) =>
      client.loginWithRedirect({ appState: options.appState, maxAge: options.authorizationParams?.max_age }),
    [client],
  );
  const logout = useCallback(
    async (options: LogoutOptions = {}) => {
      client.logout({ returnTo: options.logoutParams?.returnTo, openUrl: options.openUrl });
      setSession({ isLoading: false, user: undefined });
    },
    [client],
  );
  // A renewal may bring an id token with new claims (a new name, onboarding done): the user follows
  // it, as the Auth0 SDK's provider does after each token.
  const getAccessTokenSilently = useCallback(async () => {
    const token = await client.getAccessToken();
    const idToken = client.getIdToken();
    setSession((current) =>
      current.isLoading || !current.user || current.idToken === idToken
        ? current
        : { isLoading: false, user: client.getUser(), idToken },
    );
    return token;
  }, [client]);

  const value = useMemo<AuthState>(
    () => ({
      isLoading: session.isLoading,
      isAuthenticated: !session.isLoading && session.user !== undefined,
      user: session.user,
      loginWithRedirect,
      logout,
      getAccessTokenSilently,
    }),
    [session, loginWithRedirect, logout, getAccessTokenSilently],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
