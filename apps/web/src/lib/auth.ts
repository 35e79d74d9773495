import { useLayoutEffect } from 'react';
import { useAuth0 } from '@auth0/auth0-react';
import { claims } from '@auscura/contracts';
import { setApiAuth } from './api-client.ts';

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
  const { user } = useAuth0();
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

// The SDK refuses silently-renewed tokens with these codes when the refresh token is gone or revoked.
const signInAgainErrors = new Set(['login_required', 'missing_refresh_token', 'invalid_grant', 'consent_required']);

/** Connects the API client to the SDK: bearer tokens, and a new sign-in when the session has ended. */
export function useApiAuthBridge(): void {
  const { getAccessTokenSilently, loginWithRedirect } = useAuth0();

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
