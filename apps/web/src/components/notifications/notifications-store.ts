import { atom } from 'jotai';

/** clinician-portal §9: at most 3 notifications on screen at once. */
const maxVisibleNotifications = 3;

export type NotificationSeverity = 'success' | 'info' | 'warning' | 'error';
export type AppNotification = {
  id: number;
  message: string;
  severity: NotificationSeverity;
  /** Milliseconds before it hides itself; null keeps it until dismissed. */
  autoHideMs: number | null;
  /** A link to what the notice is about (an arrived exam), shown as a button that also dismisses it. */
  action?: { label: string; href: string };
};

export const notificationsAtom = atom<AppNotification[]>([]);

let nextId = 1;

/** Adds a notification; when that makes more than three, the oldest ones make room. */
export const pushNotificationAtom = atom(null, (get, set, input: Omit<AppNotification, 'id'>) => {
  const notification = { ...input, id: nextId++ };
  set(notificationsAtom, [...get(notificationsAtom), notification].slice(-maxVisibleNotifications));
  return notification.id;
});

export const dismissNotificationAtom = atom(null, (get, set, id: number) => {
  set(
    notificationsAtom,
    get(notificationsAtom).filter((notification) => notification.id !== id),
  );
});
