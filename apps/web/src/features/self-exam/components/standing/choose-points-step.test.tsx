import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selfExamPointLabels } from '@auscura/contracts';
import type { SelfExamLinkSession, SelfExamSession } from '@auscura/contracts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { ChoosePointsStep } from './choose-points-step.tsx';

const linkId = '3f1e2d3c-4b5a-4f6e-8d7c-6b5a4f3e2d1c';
const use = (overrides: Partial<SelfExamSession> = {}): SelfExamSession => ({
  token: 'ss1.use.token',
  expiresIn: 7200,
  selfExamRequestId: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d',
  providerName: 'Dr. Lovelace',
  organizationName: 'Riverside Cardiology',
  examDate: '2026-03-01',
  instructions: null,
  auscultationRequests: [
    { id: '11111111-2222-4333-8444-555555555555', auscultationPoint: 'h1', auscultationId: null },
    { id: '66666666-7777-4888-8999-aaaaaaaaaaaa', auscultationPoint: 'l2', auscultationId: null },
  ],
  finalized: false,
  initiatedBy: 'patient',
  ...overrides,
});
const link = (overrides: Partial<SelfExamLinkSession> = {}): SelfExamLinkSession => ({
  token: 'sl1.link.token',
  expiresIn: 7200,
  selfExamLinkId: linkId,
  providerName: 'Dr. Lovelace',
  organizationName: 'Riverside Cardiology',
  instructions: 'Record when you feel short of breath.',
  auscultationPoints: [...selfExamPointLabels],
  unfinished: null,
  ...overrides,
});

let answer: { status: number; body: unknown };
let sent: { url: string; authorization: string | null; body: unknown }[];

beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push({
        url: new URL(String(input), 'http://localhost').pathname,
        authorization: new Headers(init?.headers).get('Authorization'),
        body: JSON.parse(String(init?.body)),
      });
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('choosing what to record with a standing link', () => {
  it('asks for at least one place, then starts a self exam of the chosen places in the torso’s order', async () => {
    answer = { status: 201, body: use() };
    const onStarted = vi.fn();
    renderWithProviders(<ChoosePointsStep link={link()} onStarted={onStarted} />);
    expect(screen.getByText('Record when you feel short of breath.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose at least one place to record.');
    expect(sent).toEqual([]);

    fireEvent.click(screen.getByRole('checkbox', { name: /^Lung 2/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /^Heart 1/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue with 2 places' }));
    await waitFor(() => expect(onStarted).toHaveBeenCalledWith(use()));
    expect(sent).toEqual([
      {
        url: `/api/v1/self-exam-links/${linkId}/self-exams`,
        authorization: 'Bearer sl1.link.token',
        body: { auscultationPoints: ['h1', 'l2'] },
      },
    ]);
  });

  it('offers to finish a self exam left unfinished, with what is still to record', () => {
    const unfinished = use({
      auscultationRequests: [
        { id: '11111111-2222-4333-8444-555555555555', auscultationPoint: 'h1', auscultationId: crypto.randomUUID() },
        { id: '66666666-7777-4888-8999-aaaaaaaaaaaa', auscultationPoint: 'l2', auscultationId: null },
      ],
    });
    const onStarted = vi.fn();
    renderWithProviders(<ChoosePointsStep link={link({ unfinished })} onStarted={onStarted} />);
    expect(screen.getByText(/sent 1 of 2 recordings\. Still to record: Lung 2\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Finish that self exam' }));
    expect(onStarted).toHaveBeenCalledWith(unfinished);
    expect(sent).toEqual([]);
  });

  it('says so when the clinician has turned the link off meanwhile', async () => {
    answer = {
      status: 400,
      body: {
        type: 2,
        name: 'INVALID_LIVE_EXAM',
        message: 'Your clinician has turned this self-exam link off, or it has run out.',
      },
    };
    renderWithProviders(<ChoosePointsStep link={link()} onStarted={vi.fn()} />);
    fireEvent.click(screen.getByRole('checkbox', { name: /^Heart 3/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue with 1 place' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/turned this self-exam link off/);
  });
});
