import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createStore, Provider } from 'jotai';
import { useNotifications } from './use-notifications.ts';

function renderNotifications() {
  const store = createStore();
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return renderHook(() => useNotifications(), { wrapper });
}

describe('notifications', () => {
  it('shows at most three at once, dropping the oldest', () => {
    const { result } = renderNotifications();
    act(() => {
      for (const message of ['first', 'second', 'third', 'fourth']) result.current.notify(message);
    });
    expect(result.current.notifications.map((notification) => notification.message)).toEqual([
      'second',
      'third',
      'fourth',
    ]);
  });

  it('removes a notification when it is dismissed', () => {
    const { result } = renderNotifications();
    let id = 0;
    act(() => {
      id = result.current.notify('Saved', { severity: 'success' });
      result.current.notify('Other');
    });
    act(() => result.current.dismiss(id));
    expect(result.current.notifications.map((notification) => notification.message)).toEqual(['Other']);
  });
});
