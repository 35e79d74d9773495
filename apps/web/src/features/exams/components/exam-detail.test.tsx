import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { claims } from '@auscura/contracts';
import type { Auscultation, Exam, ExamNavigation } from '@auscura/contracts';
import { setApiAuth } from '../../../lib/api-client.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ExamDetail } from './exam-detail.tsx';
import type { ExamFamily } from '../utils/exam-family.ts';

const examId = '00000000-0000-4000-8000-000000000002';
const newerId = '00000000-0000-4000-8000-000000000001';
const olderId = '00000000-0000-4000-8000-000000000003';
const providerId = '7d3c1f52-2a4b-4c8e-9f10-3b5a6c7d8e9f';
const organizationId = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const profileId = '00000000-0000-4000-8000-0000000000aa';

const provider = {
  id: providerId,
  firstName: 'Ada',
  lastName: 'Lovelace',
  displayName: 'Dr. Lovelace',
  emailAddress: 'ada@riverside.example',
};
const ownExam: Exam = {
  id: examId,
  type: 'in-person',
  patientId: profileId,
  patientProfileId: profileId,
  patientMasked: false,
  healthcareProviderId: providerId,
  organizationId,
  dateCreated: '2026-03-04T10:00:00.000Z',
  notes: null,
  enhancedNotes: [],
  reviewed: false,
  healthcareProvider: provider,
  auscultations: [],
  patientProfile: {
    id: profileId,
    firstName: 'Maria',
    lastName: 'Lopez',
    fullName: 'Maria Lopez',
    dateCreated: '2025-01-01T00:00:00.000Z',
    emailAddress: 'maria@example.com',
    birthdate: '1980-07-04',
    sex: 'female',
    healthcareProviderId: providerId,
    organizationId,
    healthcareProvider: provider,
    masked: false,
  },
};
const maskedExam: Exam = {
  ...ownExam,
  patientId: null,
  patientProfileId: null,
  patientMasked: true,
  patientProfile: undefined,
  organizationId: '9a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
};

type Route = (url: URL, init?: RequestInit) => { status: number; body: unknown };
let route: Route;
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const { status, body } = route(new URL(String(input), 'http://localhost'), init);
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
});

function serve(exam: Exam, navigation?: ExamNavigation, onPut?: (path: string, body: unknown) => number): Route {
  return (url, init) => {
    if (init?.method === 'PUT') {
      const status = onPut?.(url.pathname, JSON.parse(String(init.body))) ?? 200;
      return status === 200
        ? { status, body: exam }
        : { status, body: { type: 1, name: 'INTERNAL_SERVER_ERROR', message: 'x' } };
    }
    if (url.pathname.endsWith('/adjacent')) return { status: 200, body: navigation };
    return { status: 200, body: exam };
  };
}

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

const notify = vi.fn();
const renderExam = (family: ExamFamily = 'exam') =>
  renderWithProviders(<ExamDetail examId={examId} family={family} combo={false} />, { notify });

describe('the exam detail', () => {
  it("is titled with the patient's name and links to the patient", async () => {
    route = serve(ownExam);
    renderExam();
    expect(await screen.findByRole('heading', { level: 1, name: 'Maria Lopez' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View patient' }).getAttribute('href')).toBe(`/patients/${profileId}`);
  });

  it("masks another organization's patient as ten asterisks, without a patient link", async () => {
    route = serve(maskedExam);
    renderExam();
    expect(await screen.findByRole('heading', { level: 1, name: '**********' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'View patient' })).toBeNull();
  });

  it('sends Previous to nextId and Next to prevId, within the route family, with N of M', async () => {
    route = serve(ownExam, { prevId: newerId, nextId: olderId, totalExams: 7, examSequenceNumber: 2 });
    renderExam('organization-all');
    expect(await screen.findByText('2 of 7')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe(
      `/organization/exams/all/${olderId}`,
    );
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe(`/organization/exams/all/${newerId}`);
    const adjacent = fetchMock.mock.calls.map(([input]) => String(input)).find((url) => url.includes('/adjacent'));
    expect(adjacent).toContain('isOrganizationExams=true');
  });

  it('disables Next on the newest exam of My Exams', async () => {
    route = serve(ownExam, { prevId: null, nextId: olderId, totalExams: 3, examSequenceNumber: 1 });
    renderExam('organization');
    expect(await screen.findByText('1 of 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe(`/organization/exams/${olderId}`);
  });

  it('puts the reviewed switch back and says so when saving fails', async () => {
    route = serve(ownExam, undefined, () => 500);
    renderExam();
    const toggle = (await screen.findByRole('switch', { name: 'Mark as reviewed' })) as HTMLInputElement;
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('There was an error updating the reviewed status', 'error'),
    );
    expect(toggle.checked).toBe(false);
    expect(screen.getByText('Unreviewed')).toBeTruthy();
  });

  it("checking 'Likely no murmur' unchecks and disables the other murmurs, then saves once", async () => {
    const saved: unknown[] = [];
    route = serve({ ...ownExam, enhancedNotes: ['Holosystolic', 'Wheezing'] }, undefined, (path, body) => {
      if (path.endsWith('/enhanced-notes')) saved.push(body);
      return 200;
    });
    renderExam();
    const holosystolic = (await screen.findByRole('checkbox', { name: 'Holosystolic' })) as HTMLInputElement;
    expect(holosystolic.checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Likely no murmur' }));
    expect(holosystolic.checked).toBe(false);
    expect(holosystolic.disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Wheezing' }) as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(saved).toEqual([{ value: ['Likely no murmur', 'Wheezing'] }]));
  });

  it('still saves a change made just before leaving the exam', async () => {
    const saved: unknown[] = [];
    route = serve(ownExam, undefined, (path, body) => {
      if (path.endsWith('/enhanced-notes')) saved.push(body);
      return 200;
    });
    const { unmount } = renderExam();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Stridor' }));
    unmount();
    await waitFor(() => expect(saved).toEqual([{ value: ['Stridor'] }]));
  });

  it("names the patient's primary doctor separately only when someone else conducted the exam", async () => {
    const grace = { ...provider, id: '5d3c1f52-2a4b-4c8e-9f10-3b5a6c7d8e9f', displayName: 'Dr. Hopper' };
    route = serve({ ...ownExam, healthcareProviderId: grace.id, healthcareProvider: grace });
    renderExam();
    expect(await screen.findByText('Dr. Hopper')).toBeTruthy();
    expect(screen.getByText('Primary doctor')).toBeTruthy();
    expect(screen.getByText('Dr. Lovelace')).toBeTruthy();
  });

  it('leaves the primary doctor out when they conducted the exam', async () => {
    route = serve(ownExam);
    renderExam();
    expect(await screen.findByText('Conducted by')).toBeTruthy();
    expect(screen.queryByText('Primary doctor')).toBeNull();
  });

  it("offers Delete on recordings of the caller's own organization only, never on a council exam of another", async () => {
    const recording = (exam: Exam): Auscultation => ({
      id: '00000000-0000-4000-8000-0000000000b1',
      dateCreated: '2026-03-04T10:01:00.000Z',
      examId: exam.id,
      deviceLabel: null,
      auscultationPoint: { type: 'heart', label: 'h1', longLabel: 'Heart 1' },
      recording: null,
      noiseQualityRecord: null,
      heartrateBpm: null,
      heartbeatPresent: null,
      heartbeatNormal: null,
      ausculthingDiagnosis: null,
      beatawareId: null,
      beatawareStatus: null,
      beatawareReport: null,
    });
    const user = { sub: 'ada', [claims.organizationId]: organizationId };
    for (const [exam, offered] of [
      [ownExam, 1],
      [maskedExam, 0],
    ] as const) {
      route = serve({ ...exam, auscultations: [recording(exam)] });
      renderWithProviders(<ExamDetail examId={examId} family="exam" combo={false} />, { notify, auth: { user } });
      expect(await screen.findByRole('heading', { level: 3, name: 'Heart 1' })).toBeTruthy();
      expect(screen.queryAllByRole('button', { name: 'Delete, Heart 1' })).toHaveLength(offered);
      // What a council member may do on another organization's exam stays: review and notes.
      expect(screen.getByRole('switch', { name: 'Mark as reviewed' })).toBeTruthy();
      cleanup();
    }
  });

  it('puts the review panel before the recordings, so narrow screens reach it without scrolling past them', async () => {
    route = serve(ownExam);
    renderExam();
    const review = await screen.findByRole('region', { name: 'Review' });
    const recordings = screen.getByRole('region', { name: 'Auscultations' });
    expect(review.compareDocumentPosition(recordings) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
