import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { HealthcareProvider } from '@auscura/contracts';
import { setApiAuth } from '../../../../lib/api-client.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { OnboardingWizard } from './onboarding-wizard.tsx';

const providerId = '3f1c1d6e-2b1a-4c55-9a51-0d6f0b0a7c11';
const settled: HealthcareProvider = {
  id: providerId,
  emailAddress: 'new@riverside.example',
  firstName: 'Nora',
  lastName: 'Newman',
  displayName: 'Dr. Newman',
  organizationId: '0c6a9a3e-1f7e-4d2b-8b9a-5a4f1e2d3c4b',
  mustChangePassword: false,
  tcVersion: 1,
  dateCreated: '2026-01-01T00:00:00.000Z',
};

type Answer = { status: number; body: unknown };
let record: HealthcareProvider;
let passwordAnswer: Answer;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  passwordAnswer = { status: 204, body: null };
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (String(url).endsWith('/password')) {
      return new Response(passwordAnswer.status === 204 ? null : JSON.stringify(passwordAnswer.body), {
        status: passwordAnswer.status,
      });
    }
    if (method === 'PATCH') record = { ...record, ...JSON.parse(String(init?.body)) };
    return new Response(JSON.stringify(record), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  setApiAuth({ getAccessToken: () => Promise.resolve('test-token'), onSessionEnded: vi.fn() });
});

afterEach(() => {
  cleanup();
  setApiAuth(null);
  vi.unstubAllGlobals();
});

function renderWizard() {
  const onFinished = vi.fn();
  const notify = vi.fn();
  renderWithProviders(<OnboardingWizard providerId={providerId} tcVersion={1} onFinished={onFinished} />, { notify });
  return { onFinished, notify };
}

// Full MUI forms render slowly on a busy machine: allow more than the default 5 s.
describe('the onboarding wizard', { timeout: 20_000 }, () => {
  it('goes straight on when no step applies', async () => {
    record = settled;
    const { onFinished } = renderWizard();
    await waitFor(() => expect(onFinished).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('shows only the steps whose condition holds', async () => {
    record = { ...settled, tcVersion: 0 };
    const { onFinished } = renderWizard();
    // The step forms load lazily: the first render of a step can take a moment.
    expect(await screen.findByRole('heading', { name: 'Agree to new terms' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText('Update password')).toBeNull();
    expect(screen.queryByText('Complete your profile')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('You must agree to the terms and conditions.')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onFinished).toHaveBeenCalledTimes(1));
    expect(record.tcVersion).toBe(1);
  });

  it('runs password, terms and profile in order for a provider who needs all three', async () => {
    record = { ...settled, mustChangePassword: true, tcVersion: 0, displayName: null };
    const { onFinished, notify } = renderWizard();
    expect(await screen.findByRole('heading', { name: 'Update password' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Step 1 of 3')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('The password must be at least 10 characters.')).toBeTruthy();
    expect(await screen.findByText('You must confirm your password.')).toBeTruthy();

    passwordAnswer = { status: 400, body: { type: 14, name: 'PASSWORD_SAME_AS_PREVIOUS', message: 'Same' } };
    fireEvent.change(screen.getByLabelText(/^Current password/), { target: { value: 'Temporary-pass-1' } });
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'a long passphrase' } });
    fireEvent.change(screen.getByLabelText(/^Confirm password/), { target: { value: 'a long passphrase' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The password you entered is the same as your previous password. Please choose a new password.',
    );

    passwordAnswer = { status: 204, body: null };
    fireEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByRole('heading', { name: 'Agree to new terms' })).toBeTruthy();
    expect(screen.getByText('Your password has been updated.')).toBeTruthy();
    // The new step's heading takes the focus.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Agree to new terms' })),
    );

    fireEvent.click(screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Complete your profile' })).toBeTruthy();
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Nora');

    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Display name is required.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Display name'), { target: { value: 'Dr. Newman' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(onFinished).toHaveBeenCalledTimes(1));
    expect(notify).toHaveBeenCalledWith('Your user profile has been updated.');
    expect(record.displayName).toBe('Dr. Newman');
  });
});
