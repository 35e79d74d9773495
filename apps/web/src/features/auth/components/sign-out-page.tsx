import { useEffect, useRef } from 'react';
import { useAuth } from '../../../lib/auth.ts';
import { PageSpinner } from '../../../components/feedback/page-spinner.tsx';
import { paths } from '../../../config/paths.ts';

/** Signs the user out on load, at the identity provider too, and comes back to the signed-out page. */
export function SignOutPage() {
  const { logout } = useAuth();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout({ logoutParams: { returnTo: `${window.location.origin}${paths.signedOut.getHref()}` } });
  }, [logout]);

  return <PageSpinner label="Signing you out…" />;
}
