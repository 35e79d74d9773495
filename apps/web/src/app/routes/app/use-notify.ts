import { useCallback } from 'react';
import { useNotifications } from '../../../features/notifications/hooks/use-notifications.ts';

/** The app's notices in the shape features take them: message and severity. */
export function useNotify() {
  const { notify } = useNotifications();
  return useCallback((message: string, severity: 'success' | 'error') => void notify(message, { severity }), [notify]);
}
