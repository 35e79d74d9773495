import { useEffect, useRef } from 'react';
import { useAuth } from '../../../lib/auth.ts';
import { Outlet, useLocation } from 'react-router-dom';
import { PageSpinner } from '../../../components/feedback/page-spinner.tsx';

/**
 * Guards protected routes (clinician-portal §2.1): a spinner while the SDK restores the session,
 * then either the route or a sign-in that remembers where the user was going.
 */
export function RequireAuth() {
  const { isLoading, isAuthenticated, loginWithRedirect } = useAuth();
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  // StrictMode runs effects twice in development; two redirects would race each other's state.
  const redirecting = useRef(false);

  useEffect(() => {
    if (isLoading || isAuthenticated || redirecting.current) return;
    redirecting.current = true;
    void loginWithRedirect({ appState: { returnTo } });
  }, [isLoading, isAuthenticated, loginWithRedirect, returnTo]);

  if (!isAuthenticated) return <PageSpinner label={isLoading ? 'Loading…' : 'Redirecting to sign in…'} />;
  return <Outlet />;
}
