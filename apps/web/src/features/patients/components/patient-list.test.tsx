import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { listQuerySchema } from '@auscura/contracts';
import type { PatientProfile } from '@auscura/contracts';
import { setApiAuth } from '../../../lib/api-client.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { PatientList } from './patient-list.tsx';

const healthcareProviderId = '7d3c1f52-2a4b-4c8e-9f10-3b5a6c7d8e9f';
const organizationId = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

function patient(index: number, overrides: Partial<PatientProfile> = {}): PatientProfile {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    firstName: `First${index}`,
    lastName: `Last${index}`,
    fullName: `First${index} Last${index}`,
    dateCreated: '2026-01-02T03:04:05.000Z',
    emailAddress: `patient${index}@example.com`,
    birthdate: '1980-07-04',
    sex: 'female',
    healthcareProviderId,
    organizationId,
    masked: false,
    ...overrides,
  };
}

type Answer = { status: number; body: unknown };
let answer: (query: ReturnType<typeof listQuerySchema.parse>) => Answer;
const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
  const url = new URL(String(input), 'http://localhost');
  const { status, body } = answer(listQuerySchema.parse(JSON.parse(url.searchParams.get('q') ?? '{}')));
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
});

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

const renderList = (path = '/patients') =>
  renderWithProviders(<PatientList healthcareProviderId={healthcareProviderId} />, { path });

describe('the patient list', () => {
  it('shows a loading state until the first page arrives', async () => {
    answer = () => ({ status: 200, body: { items: [patient(1)], totalCount: 1 } });
    renderList();
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(await screen.findByText('First1 Last1')).toBeTruthy();
  });

  it("lists the provider's patients with name, date of birth, email and a view link", async () => {
    answer = () => ({ status: 200, body: { items: [patient(1), patient(2, { birthdate: null })], totalCount: 2 } });
    renderList();
    expect(await screen.findByText('First1 Last1')).toBeTruthy();
    expect(screen.getByText('07/04/1980')).toBeTruthy();
    expect(screen.getByText('unknown')).toBeTruthy();
    expect(screen.getByText('patient2@example.com')).toBeTruthy();
    const view = screen.getByRole('link', { name: 'View First1 Last1' });
    expect(view.getAttribute('href')).toBe(`/patients/${patient(1).id}`);
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe('Bearer test-token');
  });

  it('asks for the page in the p parameter and pages forward', async () => {
    answer = (query) => ({
      status: 200,
      body: { items: [patient(query.pagination.pageNumber)], totalCount: 25 },
    });
    renderList('/patients?p=2');
    expect(await screen.findByText('First2 Last2')).toBeTruthy();
    expect(screen.getByText('11–20 of 25')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('First3 Last3')).toBeTruthy();
  });

  it('shows the empty state when the organization has no patients', async () => {
    answer = () => ({ status: 200, body: { items: [], totalCount: 0 } });
    renderList();
    expect(await screen.findByRole('heading', { name: "You don't have any patients yet" })).toBeTruthy();
    expect(
      screen.getByText(
        'Your organization does not have any patients. Click the button below to start adding patients.',
      ),
    ).toBeTruthy();
  });

  it('offers the screen’s action in the empty state', async () => {
    answer = () => ({ status: 200, body: { items: [], totalCount: 0 } });
    renderWithProviders(
      <PatientList
        healthcareProviderId={healthcareProviderId}
        emptyAction={<button type="button">Add new patient</button>}
      />,
    );
    expect(await screen.findByRole('heading', { name: "You don't have any patients yet" })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add new patient' })).toBeTruthy();
  });

  it('says no records match when a search finds nothing, and Escape clears the search', async () => {
    answer = (query) =>
      query.filters.some((filter) => filter.field === 'search')
        ? { status: 200, body: { items: [], totalCount: 0 } }
        : { status: 200, body: { items: [patient(1)], totalCount: 1 } };
    renderList();
    const search = await screen.findByPlaceholderText('Enter name or email address');
    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(await screen.findByText('Sorry, no matching records found')).toBeTruthy();
    fireEvent.keyDown(search, { key: 'Escape' });
    expect((search as HTMLInputElement).value).toBe('');
    expect(await screen.findByText('First1 Last1')).toBeTruthy();
  });

  it('shows the list-failure message when the server fails', async () => {
    answer = () => ({ status: 500, body: { type: 1, name: 'INTERNAL_SERVER_ERROR', message: 'boom' } });
    renderList();
    expect(
      await screen.findByText(
        'An unexpected error occurred. Our team has been notified and is looking into it. Please try again later.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Loading…')).toBeNull());
  });
});
