import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptyLiveExamState } from '@auscura/contracts';
import type { EntryRequestStatus } from '@auscura/contracts';
import { createChannelCore } from '../../../../lib/realtime/live-exam-channel.ts';
import { EntryRequestDialog } from './entry-request-dialog.tsx';

function setup() {
  const core = createChannelCore();
  const writes: [string, unknown][] = [];
  const channel = core.channel({
    write: async (path, value) => void writes.push([path, value]),
    close: () => undefined,
  });
  const request = (status: EntryRequestStatus, name = 'Pat Example') =>
    act(() =>
      core.setState({
        ...emptyLiveExamState(),
        examEntryRequest: { name, status, participantId: 'p1', dateCreated: new Date().toISOString() },
      }),
    );
  render(<EntryRequestDialog channel={channel} />);
  return { writes, request };
}

describe('EntryRequestDialog (exams-and-devices §4)', () => {
  it('opens with the name and the ring for a pending request, and Admit writes approved', async () => {
    const { writes, request } = setup();
    expect(screen.queryByRole('dialog')).toBeNull();
    request('pending');
    const dialog = await screen.findByRole('dialog', { name: 'Entry request' });
    expect(dialog.textContent).toContain('Pat Example is asking to enter the exam.');
    expect(screen.getByTestId('entry-request-ring').getAttribute('src')).toMatch(/ring.*\.wav/);
    fireEvent.click(screen.getByRole('button', { name: 'Admit' }));
    await waitFor(() => expect(writes).toEqual([['examEntryRequest', { status: 'approved' }]]));
    request('approved');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Deny entry writes denied', async () => {
    const { writes, request } = setup();
    request('pending', 'Sam Second');
    fireEvent.click(await screen.findByRole('button', { name: 'Deny entry' }));
    await waitFor(() => expect(writes).toEqual([['examEntryRequest', { status: 'denied' }]]));
  });
});
