import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { setApiAuth } from '../../../lib/api-client.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CouncilExams, councilRefusedText } from './council-exams.tsx';

let answer: { status: number; body: unknown };
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(answer.body), { status: answer.status })),
  );
  setApiAuth({ getAccessToken: () => Promise.resolve('test-token'), onSessionEnded: vi.fn() });
});

afterEach(() => {
  cleanup();
  setApiAuth(null);
  vi.unstubAllGlobals();
});

describe('the council list', () => {
  it('explains the refusal to a provider who is not on the council', async () => {
    answer = { status: 403, body: { type: 6, name: 'UNAUTHORIZED', message: 'Only members of the council' } };
    renderWithProviders(<CouncilExams />, { path: '/council' });
    expect(await screen.findByText(councilRefusedText)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the generic list failure for any other error', async () => {
    answer = { status: 500, body: { type: 1, name: 'INTERNAL_SERVER_ERROR', message: 'boom' } };
    renderWithProviders(<CouncilExams />, { path: '/council' });
    expect(await screen.findByText(/An unexpected error occurred/)).toBeTruthy();
    expect(screen.queryByText(councilRefusedText)).toBeNull();
  });
});
