import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { setApiAuth } from '../../../../lib/api-client.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { EmailAddressForm } from './email-address-form.tsx';
import { PasswordForm } from './password-form.tsx';

const providerId = '3f1c1d6e-2b1a-4c55-9a51-0d6f0b0a7c11';
type Answer = { status: number; body: unknown };
let emailAddress: string;
let writeAnswer: Answer | null;
let sentBody: Record<string, unknown> | null;
const typeCurrentPassword = (text = 'Old-Passphrase-1') =>
  fireEvent.change(screen.getByLabelText(/^Current password/), { target: { value: text } });

beforeEach(() => {
  emailAddress = 'ada@riverside.example';
  writeAnswer = null;
  sentBody = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method !== 'GET') sentBody = JSON.parse(String(init?.body));
      if (method !== 'GET' && writeAnswer) {
        return new Response(JSON.stringify(writeAnswer.body), { status: writeAnswer.status });
      }
      if (method === 'PATCH') return new Response(null, { status: 204 });
      if (method === 'PUT') emailAddress = JSON.parse(String(init?.body)).emailAddress;
      return new Response(JSON.stringify({ emailAddress }), { status: 200 });
    }),
  );
  setApiAuth({ getAccessToken: () => Promise.resolve('test-token'), onSessionEnded: vi.fn() });
});

afterEach(() => {
  cleanup();
  setApiAuth(null);
  vi.unstubAllGlobals();
});

const value = (label: RegExp | string) => (screen.getByLabelText(label) as HTMLInputElement).value;

// Full MUI forms render slowly on a busy machine: allow more than the default 5 s.
describe('the change-email form', { timeout: 20_000 }, () => {
  it('checks the confirmation, then saves, shows the new address and resets the form', async () => {
    renderWithProviders(<EmailAddressForm providerId={providerId} />);
    expect(await screen.findByText('ada@riverside.example')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('New email address'), { target: { value: 'ada.l@riverside.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('You must confirm your email address.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Confirm email address'), { target: { value: 'other@riverside.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Email addresses must match.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Confirm email address'), { target: { value: 'ada.l@riverside.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Current password is required')).toBeTruthy();
    expect(sentBody).toBeNull();
    typeCurrentPassword();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You successfully updated your email address');
    expect(sentBody).toEqual({ emailAddress: 'ada.l@riverside.example', currentPassword: 'Old-Passphrase-1' });
    expect(value(/^Current password/)).toBe('');
    expect(screen.getByText('ada.l@riverside.example')).toBeTruthy();
    expect(value('New email address')).toBe('');
    expect(value('Confirm email address')).toBe('');
  });

  it('says when the address is taken, and resets the form after the failure too', async () => {
    writeAnswer = { status: 409, body: { type: 15, name: 'USER_ALREADY_EXISTS', message: 'Taken' } };
    renderWithProviders(<EmailAddressForm providerId={providerId} />);
    await screen.findByText('ada@riverside.example');
    fireEvent.change(screen.getByLabelText('New email address'), { target: { value: 'ben@riverside.example' } });
    fireEvent.change(screen.getByLabelText('Confirm email address'), { target: { value: 'ben@riverside.example' } });
    typeCurrentPassword();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A user with that email address already exists.');
    expect(value('New email address')).toBe('');
    expect(screen.getByText('ada@riverside.example')).toBeTruthy();
  });
});

describe('the change-password form', { timeout: 20_000 }, () => {
  it('shows the field messages, a toggle per field, and clears the form after a success', async () => {
    renderWithProviders(<PasswordForm providerId={providerId} />);
    expect(screen.getByText('The password must be at least 10 characters long.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('New password is required')).toBeTruthy();
    expect(screen.getByText('You must confirm your password')).toBeTruthy();

    const field = screen.getByLabelText(/^New password/) as HTMLInputElement;
    expect(field.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show new password' }));
    expect(field.type).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide new password' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Show confirm password' })).toBeTruthy();

    fireEvent.change(field, { target: { value: 'a long passphrase' } });
    fireEvent.change(screen.getByLabelText(/^Confirm password/), { target: { value: 'a long passphrase' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Current password is required')).toBeTruthy();
    typeCurrentPassword();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You successfully updated your password');
    expect(sentBody).toEqual({ password: 'a long passphrase', currentPassword: 'Old-Passphrase-1' });
    await waitFor(() => expect(field.value).toBe(''));
  });

  it('shows the server refusal with its own message and keeps what was typed', async () => {
    writeAnswer = { status: 400, body: { type: 13, name: 'PASSWORD_CONTAINS_USER_INFORMATION', message: 'Info' } };
    renderWithProviders(<PasswordForm providerId={providerId} />);
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'riverside-ada-2026' } });
    fireEvent.change(screen.getByLabelText(/^Confirm password/), { target: { value: 'riverside-ada-2026' } });
    typeCurrentPassword();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The password contains user information. Please change your password.',
    );
    expect(value(/^New password/)).toBe('riverside-ada-2026');
  });

  it('says when the current password is wrong', async () => {
    writeAnswer = {
      status: 400,
      body: { type: 9, name: 'INVALID_DATA', message: 'The current password is not correct.' },
    };
    renderWithProviders(<PasswordForm providerId={providerId} />);
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'a long passphrase' } });
    fireEvent.change(screen.getByLabelText(/^Confirm password/), { target: { value: 'a long passphrase' } });
    typeCurrentPassword('a wrong guess');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The current password is not correct.');
  });
});
