import { createContext, useCallback, useContext } from 'react';
import { useNotifications } from './use-notifications.ts';

/** The severities a screen's notice takes (clinician-portal §8's messages are one or the other). */
export type NotifySeverity = 'success' | 'error';

/** Shows a notice; a confirmation unless said otherwise. */
export type Notify = (message: string, severity?: NotifySeverity) => void;

/**
 * Where notices go. Without a provider they join the app's notification stack (top right,
 * at most three, clinician-portal §2.2); a provider sends them elsewhere (tests record them).
 */
export const NotifyContext = createContext<Notify | null>(null);

/** The app's notices for any screen, so no component has to pass them down. */
export function useNotify(): Notify {
  const routed = useContext(NotifyContext);
  const { notify } = useNotifications();
  const show = useCallback<Notify>((message, severity = 'success') => void notify(message, { severity }), [notify]);
  return routed ?? show;
}
