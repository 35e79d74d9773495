import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IdleSessionDialog } from './idle-session-dialog.tsx';

const idleSeconds = 60;
const graceSeconds = 30;

function renderDialog() {
  const onSignOut = vi.fn();
  const onTimeout = vi.fn();
  render(
    <IdleSessionDialog
      idleSeconds={idleSeconds}
      graceSeconds={graceSeconds}
      onSignOut={onSignOut}
      onTimeout={onTimeout}
    />,
  );
  return { onSignOut, onTimeout };
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

/** The dialog's code loads when the warning first opens: let that import settle. */
async function advanceToWarning(ms: number) {
  advance(ms);
  await act(async () => {
    await import('./idle-warning-dialog.tsx');
  });
}

const dialogTitle = () => screen.queryByRole('heading', { name: 'Your session is about to end' });

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the idle session warning', () => {
  it('stays closed until the allowed idle time has passed', async () => {
    renderDialog();
    advance(idleSeconds * 1000 - 1);
    expect(dialogTitle()).toBeNull();
    await advanceToWarning(1);
    expect(dialogTitle()).not.toBeNull();
  });

  it('focuses Stay signed in when it opens', async () => {
    renderDialog();
    await advanceToWarning(idleSeconds * 1000);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Stay signed in' }));
  });

  it('postpones the warning while the user is active, 500 ms after the activity stops', async () => {
    renderDialog();
    advance(idleSeconds * 1000 - 1000);
    fireEvent.keyDown(window, { key: 'a' });
    advance(1000);
    // The debounce has restarted the countdown at 500 ms after the key press.
    expect(dialogTitle()).toBeNull();
    advance(idleSeconds * 1000 - 1000);
    expect(dialogTitle()).toBeNull();
    await advanceToWarning(500);
    expect(dialogTitle()).not.toBeNull();
  });

  it('times out after the grace period when nobody answers', () => {
    const { onTimeout } = renderDialog();
    advance(idleSeconds * 1000);
    advance(graceSeconds * 1000 - 1);
    expect(onTimeout).not.toHaveBeenCalled();
    advance(1);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('ignores Escape and activity while open, so only a choice closes it', async () => {
    const { onTimeout } = renderDialog();
    await advanceToWarning(idleSeconds * 1000);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    fireEvent.mouseMove(window);
    advance(1000);
    expect(dialogTitle()).not.toBeNull();
    advance(graceSeconds * 1000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('closes and cancels the sign-out when the user stays signed in', async () => {
    const { onTimeout } = renderDialog();
    await advanceToWarning(idleSeconds * 1000);
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    advance(graceSeconds * 1000);
    expect(onTimeout).not.toHaveBeenCalled();
    // MUI keeps the dialog mounted during its exit transition; once that ends it is gone.
    advance(1000);
    expect(dialogTitle()).toBeNull();
  });

  it('signs out when the user chooses Sign out', async () => {
    const { onSignOut } = renderDialog();
    await advanceToWarning(idleSeconds * 1000);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });
});

describe('the idle session warning with several tabs open', () => {
  // Waits until a message on the tabs' shared channel has been delivered (real message passing, not a timer).
  function nextBroadcast(): Promise<void> {
    const listener = new BroadcastChannel('auscura-user-activity');
    return new Promise((resolve) =>
      listener.addEventListener('message', () => {
        listener.close();
        resolve();
      }),
    );
  }

  it('counts activity in another tab as activity here', async () => {
    const { onTimeout } = renderDialog();
    advance(idleSeconds * 1000 - 1000);
    const delivered = nextBroadcast();
    const otherTab = new BroadcastChannel('auscura-user-activity');
    otherTab.postMessage('active');
    await act(() => delivered);
    otherTab.close();
    advance(1000 + graceSeconds * 1000);
    expect(dialogTitle()).toBeNull();
    expect(onTimeout).not.toHaveBeenCalled();
  });
});
