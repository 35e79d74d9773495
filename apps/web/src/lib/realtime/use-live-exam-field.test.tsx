import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptyLiveExamState } from '@auscura/contracts';
import { createChannelCore } from './live-exam-channel.ts';
import { useLiveExamField, useLiveExamStatus } from './use-live-exam-field.ts';
import type { LiveExamChannel } from './live-exam-channel.ts';

function EntryStatus({ channel }: { channel: LiveExamChannel }) {
  const request = useLiveExamField(channel, 'examEntryRequest');
  const status = useLiveExamStatus(channel);
  return <p>{`${status}: ${request?.status ?? 'no request'}`}</p>;
}

describe('useLiveExamField', () => {
  it('renders a field and its changes, and the connection status', () => {
    const core = createChannelCore();
    const channel = core.channel({ write: async () => undefined, close: () => undefined });
    render(<EntryStatus channel={channel} />);
    expect(screen.getByText('connecting: no request')).toBeTruthy();
    act(() => {
      core.setState({
        ...emptyLiveExamState(),
        examEntryRequest: {
          name: 'Pat',
          status: 'pending',
          participantId: 'p1',
          dateCreated: new Date().toISOString(),
        },
      });
      core.setStatus('connected');
    });
    expect(screen.getByText('connected: pending')).toBeTruthy();
    act(() => core.setState({ ...channel.state, isTargetEnabled: true }));
    expect(screen.getByText('connected: pending')).toBeTruthy();
  });
});
