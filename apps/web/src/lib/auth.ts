import type { ReactNode } from 'react';
import { createContext, useContext, useLayoutEffect } from 'react';
import { claims } from '@auscura/contracts';
import { setApiAuth } from './api-client.ts';

export type LoginOptions = {
  /** Given back after the sign-in (the place to return to). */
  appState?: { returnTo?: string };
  /** max_age 0: the provider asks for the password again (step-up). */
  authorizationParams?: { max_age?: number };
};

export type LogoutOptions = {
  logoutParams?: { returnTo?: string };
  /** false: end the session here only, without the provider's logout page. */
  openUrl?: false;
};

/**
 * The sign-in as the app sees it, whichever library does it: the built-in provider's small OIDC
 * client (built-in-auth-provider.tsx) or the Auth0 SDK, loaded only in Auth0 mode
 * (auth0-auth-provider.tsx). The names are the Auth0 SDK's, so both map onto it one to one.
 */
export type AuthState = {
  /** True while the session is restored or a sign-in's code is exchanged. */
  isLoading: boolean;
  isAuthenticated: boolean;
  /** The id token's claims; undefined when signed out. */
  user: Record<string, unknown> | undefined;
  loginWithRedirect: (options?: LoginOptions) => Promise<void>;
  logout: (options?: LogoutOptions) => Promise<void>;
  /** A valid access token for the API, renewed with the refresh token when it is about to expire (the Auth0 SDK's may resolve empty). */
  getAccessTokenSilently: () => Promise<string | undefined>;
};

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside an AuthProvider');
  return state;
}

type CurrentUser = {
  name: string | null;
  email: string | null;
  roles: string[];
  organizationId: string | null;
  organizationName: string | null;
  healthcareProviderId: string | null;
};

function stringClaim(user: Record<string, unknown>, key: string): string | null {
  const value = user[key];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The signed-in user from the id token, custom claims included; null when signed out. */
export function useCurrentUser(): CurrentUser | null {
  const { user } = useAuth();
  if (!user) return null;
  const roles = user[claims.roles];
  return {
    name: stringClaim(user, 'name'),
    email: stringClaim(user, 'email'),
    roles: Array.isArray(roles) ? roles.filter((role): role is string => typeof role === 'string') : [],
    organizationId: stringClaim(user, claims.organizationId),
    organizationName: stringClaim(user, claims.organizationName),
    healthcareProviderId: stringClaim(user, claims.healthcareProviderId),
  };
}

/**
 * Only same-origin paths are accepted as a place to return to: a returnTo that came in a URL
 * could otherwise send a user who just signed in to another site.
 */
export function safeReturnTo(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return fallback;
  }
  return value;
}

function currentLocationPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

// Silent renewal fails with these codes when the refresh token is gone or revoked (the Auth0 SDK's
// codes; the built-in client uses the same).
const signInAgainErrors = new Set(['login_required', 'missing_refresh_token', 'invalid_grant', 'consent_required']);

/** Connects the API client to the sign-in: bearer tokens, and a new sign-in when the session has ended. */
export function useApiAuthBridge(): void {
  const { getAccessTokenSilently, loginWithRedirect } = useAuth();

  // A layout effect runs before any child's passive effects, where queries start fetching.
  useLayoutEffect(() => {
    const signInAgain = () => void loginWithRedirect({ appState: { returnTo: currentLocationPath() } });
    setApiAuth({
      getAccessToken: async () => {
        try {
          const token = await getAccessTokenSilently();
          if (!token) throw new Error('The identity provider returned no access token');
          return token;
        } catch (error) {
          const code = (error as { error?: unknown }).error;
          if (typeof code === 'string' && signInAgainErrors.has(code)) signInAgain();
          throw error;
        }
      },
      onSessionEnded: signInAgain,
      // Email and password changes need a recent sign-in: the provider asks for the password again
      // (max_age=0), then the app returns to the same page, where the form is sent once more.
      onStepUpRequired: () =>
        void loginWithRedirect({
          authorizationParams: { max_age: 0 },
          appState: { returnTo: currentLocationPath() },
        }),
      // The server enforces onboarding: a pending step sends the user back into the wizard.
      onOnboardingPending: () => {
        if (window.location.pathname !== '/post-auth-pipeline') window.location.assign('/post-auth-pipeline');
      },
    });
    return () => setApiAuth(null);
  }, [getAccessTokenSilently, loginWithRedirect]);
}

/** What both sign-in providers (built-in and Auth0) are given by the app shell. */
export type SignInProviderProps = {
  domain: string;
  clientId: string;
  audience: string;
  scope: string;
  redirectUri: string;
  onRedirectCallback: (appState?: { returnTo?: string }) => void;
  children: ReactNode;
};
