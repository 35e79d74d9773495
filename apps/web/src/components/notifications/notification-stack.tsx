import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useNotifications } from './use-notifications.ts';
import type { AppNotification } from './notifications-store.ts';

type NotificationItemProps = { notification: AppNotification; dismiss: (id: number) => void };

function NotificationItem({ notification, dismiss }: NotificationItemProps) {
  const { id, autoHideMs } = notification;
  useEffect(() => {
    if (autoHideMs === null) return;
    const timer = window.setTimeout(() => dismiss(id), autoHideMs);
    return () => window.clearTimeout(timer);
  }, [id, autoHideMs, dismiss]);

  return (
    <Alert severity={notification.severity} variant="filled" onClose={() => dismiss(id)} sx={{ boxShadow: 3 }}>
      {notification.message}
    </Alert>
  );
}

/** Notifications, top right, newest last (clinician-portal §2.2). */
export function NotificationStack() {
  const { notifications, dismiss } = useNotifications();
  return (
    <Stack
      role="region"
      aria-label="Notifications"
      aria-live="polite"
      spacing={1}
      sx={{
        position: 'fixed',
        top: 88,
        right: 16,
        zIndex: (theme) => theme.zIndex.snackbar,
        width: 360,
        maxWidth: 'calc(100vw - 32px)',
      }}
    >
      {notifications.map((notification) => (
        <NotificationItem key={notification.id} notification={notification} dismiss={dismiss} />
      ))}
    </Stack>
  );
}
