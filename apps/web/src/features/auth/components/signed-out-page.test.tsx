import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render.tsx';
import { SignedOutPage } from './signed-out-page.tsx';

afterEach(cleanup);

describe('the signed-out page', () => {
  it('explains a failed sign-in when the reason is auth-error', () => {
    renderWithProviders(<SignedOutPage />, { path: '/signed-out?reason=auth-error' });
    expect(screen.getByRole('heading', { name: 'Error signing in' })).toBeTruthy();
    expect(screen.getByText('There was an error signing in. Please try again.')).toBeTruthy();
  });

  it('explains an inactivity sign-out when the reason is inactivity', () => {
    renderWithProviders(<SignedOutPage />, { path: '/signed-out?reason=inactivity&returnTo=%2Fpatients' });
    expect(screen.getByText("For security reasons, you've been signed out due to inactivity.")).toBeTruthy();
  });

  it('says the user was safely signed out for any other reason', () => {
    renderWithProviders(<SignedOutPage />, { path: '/signed-out' });
    expect(screen.getByRole('heading', { name: 'Signed Out' })).toBeTruthy();
    expect(screen.getByText("You've been safely signed out.")).toBeTruthy();
  });

  it('signs back in and returns to the page given in returnTo', () => {
    const loginWithRedirect = vi.fn(() => Promise.resolve());
    renderWithProviders(<SignedOutPage />, {
      path: '/signed-out?reason=inactivity&returnTo=%2Fpatients%3Fp%3D2',
      auth: { loginWithRedirect },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign back in' }));
    expect(loginWithRedirect).toHaveBeenCalledWith({ appState: { returnTo: '/patients?p=2' } });
  });

  it('refuses a returnTo that points to another site and returns home instead', () => {
    const loginWithRedirect = vi.fn(() => Promise.resolve());
    renderWithProviders(<SignedOutPage />, {
      path: '/signed-out?returnTo=%2F%2Fevil.example%2Fphish',
      auth: { loginWithRedirect },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign back in' }));
    expect(loginWithRedirect).toHaveBeenCalledWith({ appState: { returnTo: '/' } });
  });
});
