import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Auscultation } from '@auscura/contracts';
import { setApiAuth } from '../../../lib/api-client.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { DeleteAuscultationDialog } from './delete-auscultation-dialog.tsx';
import { NotesField } from './notes-field.tsx';

const examId = '00000000-0000-4000-8000-000000000002';
const auscultation: Auscultation = {
  id: '00000000-0000-4000-8000-0000000000a1',
  dateCreated: '2026-03-04T10:00:00.000Z',
  examId,
  deviceLabel: null,
  auscultationPoint: { type: 'heart', label: 'h1', longLabel: 'Heart 1' },
  recording: { duration: 10, mimeType: 'audio/wav' },
  noiseQualityRecord: null,
  heartrateBpm: null,
  heartbeatPresent: null,
  heartbeatNormal: null,
  ausculthingDiagnosis: null,
  beatawareId: null,
  beatawareStatus: 'processing',
  beatawareReport: null,
};
const savedExam = {
  id: examId,
  type: 'in-person',
  patientId: null,
  patientProfileId: null,
  patientMasked: false,
  healthcareProviderId: '00000000-0000-4000-8000-0000000000b1',
  organizationId: '00000000-0000-4000-8000-0000000000c1',
  dateCreated: '2026-03-04T10:00:00.000Z',
  notes: 'Murmur at h1',
  enhancedNotes: [],
  reviewed: false,
};

let fetchMock: ReturnType<typeof vi.fn>;
const answer = (status: number, body: unknown = null) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  setApiAuth({ getAccessToken: () => Promise.resolve('test-token'), onSessionEnded: vi.fn() });
});
afterEach(() => {
  cleanup();
  setApiAuth(null);
  vi.unstubAllGlobals();
});

describe('NotesField', () => {
  it('saves once typing pauses, says "Notes saved", and hides it after 3 seconds', async () => {
    fetchMock.mockResolvedValue(answer(200, savedExam));
    renderWithProviders(<NotesField examId={examId} initial="" />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Notes' }), { target: { value: 'Murmur at h1' } });
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Notes saved'), { timeout: 3000 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(url).toContain(`/api/v1/exams/${examId}/notes`);
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ value: 'Murmur at h1' });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(''), { timeout: 4000 });
  }, 10_000);

  it('says "Failed to save notes." when the server refuses', async () => {
    fetchMock.mockResolvedValue(answer(500, { type: 1, name: 'INTERNAL_SERVER_ERROR', message: 'boom' }));
    renderWithProviders(<NotesField examId={examId} initial="" />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Notes' }), { target: { value: 'x' } });
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Failed to save notes.'), {
      timeout: 3000,
    });
  });
});

describe('DeleteAuscultationDialog', () => {
  it.each([
    [204, 'The auscultation has been deleted', 'success'],
    [500, 'An error occurred while deleting the auscultation. Please try again.', 'error'],
  ])('answers %i with the notice of §8', async (status, message, severity) => {
    fetchMock.mockResolvedValue(answer(status, { type: 1, name: 'INTERNAL_SERVER_ERROR', message: 'boom' }));
    const notify = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(<DeleteAuscultationDialog examId={examId} auscultation={auscultation} onClose={onClose} />, {
      notify,
    });
    expect(screen.getByRole('dialog', { name: 'Delete Auscultation' }).textContent).toContain('Heart 1');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith(message, severity));
    expect(onClose).toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(url).toContain(`/api/v1/auscultations/${auscultation.id}`);
    expect(init.method).toBe('DELETE');
  });
});
