import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PageSpinner } from '../../../components/feedback/page-spinner.tsx';
import { OnboardingWizard } from '../../../features/accounts/components/onboarding/onboarding-wizard.tsx';
import { safeReturnTo, useCurrentUser } from '../../../lib/auth.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';

/**
 * /post-auth-pipeline (clinician-portal §2.6): the onboarding steps that apply, then the page
 * stored as returnTo in navigation state, else home.
 */
export default function PostAuthPipelineRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const { tcVersion } = usePublicConfig();
  const state: unknown = location.state;
  const returnTo = safeReturnTo(typeof state === 'object' && state !== null ? Reflect.get(state, 'returnTo') : null);
  const providerId = user?.healthcareProviderId ?? null;

  const finish = useCallback(() => navigate(returnTo, { replace: true }), [navigate, returnTo]);

  // A user without a provider record (not a clinician) has nothing to set up here.
  useEffect(() => {
    if (!providerId) void finish();
  }, [providerId, finish]);

  if (!providerId) return <PageSpinner label="Preparing your workspace…" />;
  return <OnboardingWizard providerId={providerId} tcVersion={tcVersion} onFinished={finish} />;
}
