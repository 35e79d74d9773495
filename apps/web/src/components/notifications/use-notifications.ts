import { useCallback } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { dismissNotificationAtom, notificationsAtom, pushNotificationAtom } from './notifications-store.ts';
import type { AppNotification, NotificationSeverity } from './notifications-store.ts';

type NotifyOptions = Pick<AppNotification, 'action'> & { severity?: NotificationSeverity; autoHideMs?: number | null };

const defaultAutoHideMs = 6000;

/** The visible notifications plus `notify` and `dismiss`. */
export function useNotifications() {
  const notifications = useAtomValue(notificationsAtom);
  const push = useSetAtom(pushNotificationAtom);
  const dismiss = useSetAtom(dismissNotificationAtom);

  const notify = useCallback(
    (message: string, options: NotifyOptions = {}) =>
      push({
        message,
        severity: options.severity ?? 'info',
        autoHideMs: options.autoHideMs === undefined ? defaultAutoHideMs : options.autoHideMs,
        ...(options.action ? { action: options.action } : {}),
      }),
    [push],
  );

  return { notifications, notify, dismiss };
}
