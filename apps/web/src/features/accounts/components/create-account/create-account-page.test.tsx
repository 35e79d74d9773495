import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { PublicConfig } from '@auscura/contracts';
import { Route, Routes } from 'react-router-dom';
import { PublicConfigContext } from '../../../../lib/public-config.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { CreateAccountPage } from './create-account-page.tsx';

const config = { tcVersion: 3 } as PublicConfig;
const invitation = {
  id: 'tok-123',
  emailAddress: 'grace@riverside.example',
  used: false,
  active: true,
  dateExpires: '2099-01-01T00:00:00.000Z',
  organization: { id: '0c6a9a3e-1f7e-4d2b-8b9a-5a4f1e2d3c4b', name: 'Riverside Clinic' },
  isValid: true,
};

type Answer = { status: number; body: unknown };
let invitationAnswer: Answer;
let createAnswer: Answer;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  invitationAnswer = { status: 200, body: invitation };
  createAnswer = { status: 201, body: { id: '8d1e4d0a-4b3f-4f0e-9e55-2a8f7f6a1b2c' } };
  fetchMock = vi.fn(async (url: string) => {
    const answer = String(url).includes('/healthcare-provider-invitations/') ? invitationAnswer : createAnswer;
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(path: string) {
  const withConfig = (children: ReactNode) => (
    <PublicConfigContext.Provider value={{ config, retry: async () => {} }}>{children}</PublicConfigContext.Provider>
  );
  return renderWithProviders(
    withConfig(
      <Routes>
        <Route path="/create-account" element={<CreateAccountPage />} />
        <Route path="/errors/404" element={<p>not found page</p>} />
      </Routes>,
    ),
    { path },
  );
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
const fill = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillValidForm() {
  fill('First name', 'Grace');
  fill('Last name', 'Hopper');
  fill('Display name', 'Dr. Hopper');
  fill(/^Password/, 'a long passphrase');
  fill(/^Confirm password/, 'a long passphrase');
  fireEvent.click(screen.getByRole('checkbox', { name: /Terms of Service/ }));
  fireEvent.click(screen.getByRole('checkbox', { name: /use of my data/ }));
}

// Full MUI forms render slowly on a busy machine: allow more than the default 5 s.
describe('the create-account page', { timeout: 20_000 }, () => {
  it('goes to the 404 route without an invitation id', async () => {
    renderPage('/create-account');
    expect(await screen.findByText('not found page')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the no-longer-valid text for a used, expired or inactive invitation', async () => {
    invitationAnswer = { status: 200, body: { ...invitation, used: true, isValid: false } };
    renderPage('/create-account?t=tok-123');
    expect(
      await screen.findByText(
        'This invitation is no longer valid. If you do not already have an account, please request a new invitation.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create account' })).toBeNull();
  });

  it('shows the invitation error text when the invitation cannot be read', async () => {
    invitationAnswer = {
      status: 404,
      body: { type: 8, name: 'RESOURCE_DOES_NOT_EXIST', message: 'No such invitation' },
    };
    renderPage('/create-account?t=unknown');
    expect(
      await screen.findByText('There is an error with this invitation. Please request another one or try again later.'),
    ).toBeTruthy();
  });

  it('shows the no-longer-valid text when the server answers type 17 for an unknown invitation id (§8)', async () => {
    invitationAnswer = {
      status: 400,
      body: {
        type: 17,
        name: 'INVALID_HEALTHCARE_PROVIDER_INVITATION',
        message: 'This invitation is no longer valid.',
      },
    };
    renderPage('/create-account?t=unknown');
    expect(
      await screen.findByText(
        'This invitation is no longer valid. If you do not already have an account, please request a new invitation.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Invitation no longer valid' })).toBeTruthy();
    expect(screen.queryByText(/There is an error with this invitation/)).toBeNull();
  });

  it('keeps the fetch-failure text for a server failure', async () => {
    invitationAnswer = { status: 500, body: { type: 1, name: 'INTERNAL_SERVER_ERROR', message: 'Server error' } };
    renderPage('/create-account?t=tok-123');
    expect(
      await screen.findByText('There is an error with this invitation. Please request another one or try again later.'),
    ).toBeTruthy();
  });

  it('shows every field message for an empty form and sends nothing', async () => {
    renderPage('/create-account?t=tok-123');
    await screen.findByRole('button', { name: 'Create account' });
    submit();
    for (const message of [
      'First name is required',
      'Last name is required',
      'Display name is required',
      'Password is required.',
      'You must confirm your password',
      'You must agree to the terms and conditions',
      'You must agree to the use of data terms',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // The first invalid field takes the focus, and its message is its description.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('First name')));
    expect(screen.getByLabelText('First name').getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /Terms of Service/ }).getAttribute('aria-invalid')).toBe('true');
  });

  it('creates the account with the current terms version and shows the success view', async () => {
    renderPage('/create-account?t=tok-123');
    await screen.findByRole('button', { name: 'Create account' });
    expect(screen.getByRole('link', { name: /Terms of Service.*new tab/ }).getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: /Privacy Policy.*new tab/ }).getAttribute('target')).toBe('_blank');
    fillValidForm();
    submit();
    expect(await screen.findByRole('heading', { name: 'Account creation successful' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/');
    const [, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      invitationId: 'tok-123',
      firstName: 'Grace',
      lastName: 'Hopper',
      displayName: 'Dr. Hopper',
      password: 'a long passphrase',
      tcVersion: 3,
    });
  });

  it('shows the server refusal in the form banner', async () => {
    createAnswer = {
      status: 400,
      body: { type: 12, name: 'PASSWORD_TOO_COMMON', message: 'The password is too common.' },
    };
    renderPage('/create-account?t=tok-123');
    await screen.findByRole('button', { name: 'Create account' });
    fillValidForm();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The password is too common. Please use different characters.',
    );
  });
});
