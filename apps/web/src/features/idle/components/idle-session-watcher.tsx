import { useCallback } from 'react';
import { useAuth } from '../../../lib/auth.ts';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { IdleSessionDialog } from './idle-session-dialog.tsx';

/** Signs an inactive user out with the server's idle limits; mounted only inside the signed-in shell. */
export function IdleSessionWatcher() {
  const { idle } = usePublicConfig();
  const { logout } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;

  const onTimeout = useCallback(() => {
    void logout({
      logoutParams: { returnTo: `${window.location.origin}${paths.signedOut.getHref('inactivity', returnTo)}` },
    });
  }, [logout, returnTo]);

  return (
    <IdleSessionDialog
      idleSeconds={idle.allowedIdleTimeInSeconds}
      graceSeconds={idle.allowedIdleGracePeriodInSeconds}
      onSignOut={() => navigate(paths.signOut.getHref())}
      onTimeout={onTimeout}
    />
  );
}
