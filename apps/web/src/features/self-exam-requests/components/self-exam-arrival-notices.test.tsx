import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { SelfExamArrival } from '@auscura/contracts';
import { setApiAuth } from '../../../lib/api-client.ts';
import { selfExamRequestKeys } from '../../../lib/api/self-exam-requests/keys.ts';
import { NotificationStack } from '../../../components/notifications/notification-stack.tsx';
import { renderWithProviders } from '../../../test/render.tsx';
import { SelfExamArrivalNotices } from './self-exam-arrival-notices.tsx';

const arrival: SelfExamArrival = {
  examId: '00000000-0000-4000-8000-000000000042',
  patientProfileId: '00000000-0000-4000-8000-000000000007',
  patientName: 'Pat Doe',
  type: 'self-patient-initiated',
  arrivedAt: '2026-03-01T10:00:30.000Z',
};

const other: SelfExamArrival = {
  ...arrival,
  examId: '00000000-0000-4000-8000-000000000043',
  patientName: 'Sam Roe',
  type: 'self-provider-initiated',
};

let answers: { items: SelfExamArrival[]; now: string }[];
const asked: (string | null)[] = [];
const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://localhost');
  asked.push(url.searchParams.get('since'));
  const body = answers.shift() ?? { items: [], now: '2026-03-01T10:05:00.000Z' };
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
});

beforeEach(() => {
  asked.length = 0;
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  setApiAuth({ getAccessToken: () => Promise.resolve('test-token'), onSessionEnded: vi.fn() });
});
afterEach(() => {
  cleanup();
  setApiAuth(null);
  vi.unstubAllGlobals();
});

describe('the self-exam arrival notices', () => {
  it('learns the server’s clock first, then tells of each arrived self exam once, with a link to it', async () => {
    answers = [
      { items: [], now: '2026-03-01T10:00:00.000Z' },
      { items: [arrival], now: '2026-03-01T10:00:30.000Z' },
      // The next question overlaps the last answer: the same exam again is not told twice.
      { items: [arrival, other], now: '2026-03-01T10:01:00.000Z' },
    ];
    const { queryClient } = renderWithProviders(
      <>
        <NotificationStack />
        <SelfExamArrivalNotices />
      </>,
    );
    await waitFor(() => expect(asked).toEqual([null]));
    expect(screen.queryByText(/Self exam from/)).toBeNull();

    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await act(() => queryClient.refetchQueries({ queryKey: selfExamRequestKeys.arrivals }));
    // Ten seconds before the server's `now`: a row stamped just before it may commit after it.
    expect(asked[1]).toBe('2026-03-01T09:59:50.000Z');
    const notice = await screen.findByText('Self exam from Pat Doe arrived');
    expect(screen.getByRole('link', { name: 'View exam' }).getAttribute('href')).toBe(`/exams/${arrival.examId}`);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['exams'] });

    await act(() => queryClient.refetchQueries({ queryKey: selfExamRequestKeys.arrivals }));
    expect(asked[2]).toBe('2026-03-01T10:00:20.000Z');
    expect(await screen.findByText('Self exam from Sam Roe arrived')).toBeTruthy();
    expect(screen.getAllByText('Self exam from Pat Doe arrived')).toHaveLength(1);

    // It stays until the clinician closes it (or follows the link).
    expect(notice.isConnected).toBe(true);
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
    expect(screen.queryByText('Self exam from Pat Doe arrived')).toBeNull();
  });
});
