import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { PageSpinner } from '../../../components/feedback/page-spinner.tsx';
import { IdleSessionWatcher } from '../../../features/idle/components/idle-session-watcher.tsx';
import { NotificationStack } from '../../../components/notifications/notification-stack.tsx';
import { AppShell } from '../../../features/shell/components/app-shell.tsx';
import { SelfExamArrivalNotices } from '../../../features/self-exam-requests/components/self-exam-arrival-notices.tsx';

/** The signed-in frame around every protected screen (its child route, or `children`). */
export function ShellLayout({ children }: { children?: ReactNode }) {
  return (
    <AppShell>
      {/* Screens load lazily; the shell stays on screen meanwhile instead of the whole-page spinner. */}
      <Suspense fallback={<PageSpinner label="Loading…" />}>{children ?? <Outlet />}</Suspense>
      <NotificationStack />
      <SelfExamArrivalNotices />
      <IdleSessionWatcher />
    </AppShell>
  );
}
