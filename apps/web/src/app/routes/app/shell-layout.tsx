import { Outlet } from 'react-router-dom';
import { IdleSessionWatcher } from '../../../features/idle/components/idle-session-watcher.tsx';
import { NotificationStack } from '../../../features/notifications/components/notification-stack.tsx';
import { AppShell } from '../../../features/shell/components/app-shell.tsx';

/** The signed-in frame around every protected screen. */
export function ShellLayout() {
  return (
    <AppShell>
      <Outlet />
      <NotificationStack />
      <IdleSessionWatcher />
    </AppShell>
  );
}
