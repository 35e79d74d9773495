import { useEffect, useRef } from 'react';
import { useAuth0 } from '@auth0/auth0-react';
import { PageSpinner } from '../../../components/feedback/page-spinner.tsx';
import { paths } from '../../../config/paths.ts';

/** Signs the user out on load, at the identity provider too, and comes back to the signed-out page. */
export function SignOutPage() {
  const { logout } = useAuth0();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout({ logoutParams: { returnTo: `${window.location.origin}${paths.signedOut.getHref()}` } });
  }, [logout]);

  return <PageSpinner label="Signing you out…" />;
}
