import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { PatientProfile } from '@auscura/contracts';
import { setApiAuth } from '../../../lib/api-client.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import PatientFormDialog from './patient-form-dialog.tsx';

const patient: PatientProfile = {
  id: '00000000-0000-4000-8000-000000000001',
  firstName: 'Maren',
  lastName: 'Lind',
  fullName: 'Maren Lind',
  dateCreated: '2026-01-02T03:04:05.000Z',
  emailAddress: 'maren@example.org',
  birthdate: '1961-03-14',
  sex: 'female',
  healthcareProviderId: '00000000-0000-4000-8000-000000000002',
  organizationId: '00000000-0000-4000-8000-000000000003',
  masked: false,
};

type Call = { method: string; path: string; body: unknown };
let calls: Call[];
let answer: (call: Call) => { status: number; body: unknown };

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        body: init?.body ? JSON.parse(String(init.body)) : null,
      };
      calls.push(call);
      const { status, body } = url.pathname.endsWith('/client-errors') ? { status: 204, body: null } : answer(call);
      return new Response(status === 204 ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  setApiAuth({ getAccessToken: () => Promise.resolve('test-token'), onSessionEnded: vi.fn() });
});

afterEach(() => {
  cleanup();
  setApiAuth(null);
  vi.unstubAllGlobals();
});

const apiCalls = () => calls.filter((call) => !call.path.endsWith('/client-errors'));

describe('the Update patient dialog', () => {
  it('sends only the changed fields, then notifies and closes', async () => {
    answer = () => ({ status: 200, body: { ...patient, lastName: 'Lindqvist', fullName: 'Maren Lindqvist' } });
    const onClose = vi.fn();
    const notify = vi.fn();
    renderWithProviders(<PatientFormDialog patient={patient} onClose={onClose} />, { notify });
    expect(screen.getByRole('heading', { name: 'Update patient' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Last name/), { target: { value: 'Lindqvist' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(apiCalls()).toEqual([
      { method: 'PATCH', path: `/api/v1/patient-profiles/${patient.id}`, body: { lastName: 'Lindqvist' } },
    ]);
    expect(notify).toHaveBeenCalledWith('The patient details have been updated', 'success');
  });

  it('shows the refusal text when the server answers UNAUTHORIZED, and keeps the dialog open', async () => {
    answer = () => ({ status: 403, body: { type: 6, name: 'UNAUTHORIZED', message: 'No.' } });
    const onClose = vi.fn();
    renderWithProviders(<PatientFormDialog patient={patient} onClose={onClose} />);
    fireEvent.change(screen.getByLabelText(/First name/), { target: { value: 'Mareike' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('You are not allowed to update this patient. Please contact your administrator.'),
    ).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends nothing when nothing changed', async () => {
    answer = () => ({ status: 500, body: null });
    const onClose = vi.fn();
    renderWithProviders(<PatientFormDialog patient={patient} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(apiCalls()).toEqual([]);
  });
});

describe('the New patient dialog', () => {
  it('posts the fields with an ISO birthdate and names a duplicate address', async () => {
    answer = () => ({ status: 409, body: { type: 10, name: 'DUPLICATE_PATIENT_PROFILE', message: 'taken' } });
    renderWithProviders(<PatientFormDialog onClose={vi.fn()} />);
    fireEvent.change(screen.getByLabelText(/First name/), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText(/Last name/), { target: { value: 'Byron' } });
    fireEvent.change(screen.getByLabelText(/Email address/), { target: { value: 'ada@example.org' } });
    fireEvent.change(screen.getByLabelText(/Date of birth/), { target: { value: '12101955' } });
    expect((screen.getByLabelText(/Date of birth/) as HTMLInputElement).value).toBe('12/10/1955');
    fireEvent.click(screen.getByRole('button', { name: 'Add patient' }));
    expect(
      await screen.findByText(
        'A patient with the email address ada@example.org already exists. Email addresses must be unique.',
      ),
    ).toBeTruthy();
    expect(apiCalls()).toEqual([
      {
        method: 'POST',
        path: '/api/v1/patient-profiles',
        body: {
          firstName: 'Ada',
          lastName: 'Byron',
          emailAddress: 'ada@example.org',
          sex: 'unknown',
          birthdate: '1955-12-10',
        },
      },
    ]);
  });
});
