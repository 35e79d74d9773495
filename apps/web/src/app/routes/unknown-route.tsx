import { useAuth } from '../../lib/auth.ts';
import { NotFoundContent, NotFoundPage } from '../../components/errors/not-found-page.tsx';
import { PageSpinner } from '../../components/feedback/page-spinner.tsx';
import { usePublicConfigState } from '../../lib/public-config.ts';
import { ShellLayout } from './app/shell-layout.tsx';

function SignInAwareNotFound() {
  const { isLoading, isAuthenticated } = useAuth();
  if (isLoading) return <PageSpinner label="Loading…" />;
  if (!isAuthenticated) return <NotFoundPage />;
  // Signed in: the menu and top bar stay, so a dead address is never a dead end.
  return (
    <ShellLayout>
      <NotFoundContent />
    </ShellLayout>
  );
}

/**
 * Any address the app does not know (clinician-portal §8, issue 22): inside the signed-in shell
 * for a signed-in user, the standalone not-found page for everyone else (and before the server's
 * configuration, which says how to sign in, is known).
 */
export function UnknownRoute() {
  const { config } = usePublicConfigState();
  return config ? <SignInAwareNotFound /> : <NotFoundPage />;
}
