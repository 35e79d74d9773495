import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PageSpinner } from '../../../components/feedback/page-spinner.tsx';
import { safeReturnTo } from '../../../lib/auth.ts';

/**
 * After sign-in (clinician-portal §2.6). The onboarding steps (password, terms, profile) are not
 * built yet, so no step applies and the wizard goes straight on to where the user was headed.
 */
export function PostAuthPipelinePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const state: unknown = location.state;
  const returnTo = safeReturnTo(typeof state === 'object' && state !== null ? Reflect.get(state, 'returnTo') : null);

  useEffect(() => {
    navigate(returnTo, { replace: true });
  }, [navigate, returnTo]);

  return <PageSpinner label="Preparing your workspace…" />;
}
