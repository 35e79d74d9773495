import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { renderWithProviders } from '../../../test/render.tsx';
import { AuthCallbackPage } from './auth-callback-page.tsx';

afterEach(cleanup);

function Destination() {
  const location = useLocation();
  const state = location.state as { returnTo?: string } | null;
  return (
    <p>
      at {location.pathname}
      {location.search} returnTo={state?.returnTo ?? 'none'}
    </p>
  );
}

function renderCallback(path: string, logout = vi.fn(() => Promise.resolve())) {
  renderWithProviders(
    <Routes>
      <Route path="/auth-callback" element={<AuthCallbackPage />} />
      <Route path="*" element={<Destination />} />
    </Routes>,
    { path, auth: { logout } },
  );
  return logout;
}

describe('the sign-in callback', () => {
  it('goes on to the post-auth pipeline carrying returnTo', async () => {
    renderCallback('/auth-callback?returnTo=%2Fpatients%3Fp%3D2');
    expect(await screen.findByText('at /post-auth-pipeline returnTo=/patients?p=2')).toBeTruthy();
  });

  it('signs out locally and shows the auth-error reason when the provider sent an error', async () => {
    const logout = renderCallback('/auth-callback?error=access_denied&state=abc');
    expect(await screen.findByText('at /signed-out?reason=auth-error returnTo=none')).toBeTruthy();
    expect(logout).toHaveBeenCalledWith({ openUrl: false });
  });

  it('waits while the code exchange is still in progress', () => {
    renderCallback('/auth-callback?code=xyz&state=abc');
    expect(screen.getByText('Signing you in…')).toBeTruthy();
  });
});
