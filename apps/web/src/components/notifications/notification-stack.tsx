import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import CloseIcon from '@mui/icons-material/Close';
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

  const { action } = notification;
  if (!action) {
    return (
      <Alert severity={notification.severity} variant="filled" onClose={() => dismiss(id)} sx={{ boxShadow: 3 }}>
        {notification.message}
      </Alert>
    );
  }
  // MUI's Alert shows either `action` or its own close button: with a link, both are drawn here.
  return (
    <Alert
      severity={notification.severity}
      variant="filled"
      sx={{ boxShadow: 3 }}
      action={
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <Button
            color="inherit"
            size="small"
            component={RouterLink}
            to={action.href}
            onClick={() => dismiss(id)}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {action.label}
          </Button>
          <IconButton color="inherit" size="small" aria-label="Close" onClick={() => dismiss(id)}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Stack>
      }
    >
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
