import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { Auscultation } from '@auscura/contracts';
import { setApiAuth } from '../../../../lib/api-client.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { CompareDialog, comparisonFacts } from './compare-dialog.tsx';

const base: Auscultation = {
  id: '00000000-0000-4000-8000-0000000000a1',
  dateCreated: '2026-03-04T10:00:00.000Z',
  examId: '00000000-0000-4000-8000-000000000002',
  deviceLabel: null,
  auscultationPoint: { type: 'heart', label: 'h1', longLabel: 'Heart 1' },
  recording: { duration: 10, mimeType: 'audio/wav' },
  noiseQualityRecord: { unit: 1000, record: [0, 1, 0, 0] },
  heartrateBpm: 93.8,
  heartbeatPresent: true,
  heartbeatNormal: true,
  ausculthingDiagnosis: 1,
  beatawareId: null,
  beatawareStatus: 'ready',
  beatawareReport: null,
};
const earlier: Auscultation = {
  ...base,
  id: '00000000-0000-4000-8000-0000000000a0',
  examId: '00000000-0000-4000-8000-000000000001',
  dateCreated: '2025-11-20T09:30:00.000Z',
  heartrateBpm: 0,
};

let answer: unknown;
const fetchMock = vi.fn(
  async (_input: RequestInfo | URL) =>
    new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } }),
);

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  setApiAuth({ getAccessToken: () => Promise.resolve('test-token'), onSessionEnded: vi.fn() });
});
afterEach(() => {
  cleanup();
  setApiAuth(null);
  vi.unstubAllGlobals();
});

describe('comparing a recording with an earlier one', () => {
  it("says each recording's analysis in the card's words", () => {
    expect(comparisonFacts(base)).toEqual([
      ['Heart rate', '94 bpm'],
      ['Murmur', 'not analysed'],
      ['Automated analysis', 'Normal'],
      ['Noise', '1 of 4 slices noisy'],
    ]);
    expect(comparisonFacts(earlier)[0]).toEqual(['Heart rate', '--']);
  });

  it('lists the earlier recordings of the point, newest first, from the API', async () => {
    answer = { auscultations: [earlier] };
    renderWithProviders(<CompareDialog auscultation={base} name="Heart 1" onClose={() => undefined} />);
    const list = await screen.findByRole('list', { name: 'Earlier recordings of Heart 1' });
    expect(list.textContent).toContain('Heart rate -- · Murmur: not analysed');
    expect(String(fetchMock.mock.calls[0]![0])).toContain(`/api/v1/auscultations/${base.id}/earlier`);
  });

  it('says so when the patient has no earlier recording of the point', async () => {
    answer = { auscultations: [] };
    renderWithProviders(<CompareDialog auscultation={base} name="Heart 1" onClose={() => undefined} />);
    expect(await screen.findByText('This patient has no earlier recording of Heart 1.')).toBeTruthy();
  });
});
