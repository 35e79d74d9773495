import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PageSpinner } from '../../../components/feedback/page-spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { safeReturnTo, useAuth } from '../../../lib/auth.ts';

/**
 * The sign-in callback (clinician-portal §2.1). The SDK exchanges `code` and `state` and then
 * lands here again with `returnTo`; an `error` from the identity provider ends the local session.
 */
export function AuthCallbackPage() {
  const { isLoading, logout } = useAuth();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const failed = searchParams.has('error');
  // While `code` and `state` are still in the URL the SDK has not finished the exchange.
  const exchanging = !failed && searchParams.has('code') && searchParams.has('state');
  const returnTo = safeReturnTo(searchParams.get('returnTo'));

  useEffect(() => {
    if (isLoading || exchanging) return;
    if (failed) {
      void logout({ openUrl: false }).then(() => navigate(paths.signedOut.getHref('auth-error'), { replace: true }));
      return;
    }
    navigate(paths.postAuthPipeline.getHref(), { replace: true, state: { returnTo } });
  }, [isLoading, exchanging, failed, logout, navigate, returnTo]);

  return <PageSpinner label="Signing you in…" />;
}
