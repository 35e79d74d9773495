import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders } from '../../../test/render.tsx';
import { RequireAuth } from './require-auth.tsx';

afterEach(cleanup);

const protectedRoutes = (
  <Routes>
    <Route element={<RequireAuth />}>
      <Route path="/patients" element={<p>patient list</p>} />
    </Route>
  </Routes>
);

describe('a protected route', () => {
  it('shows a spinner while the session is being restored', () => {
    const loginWithRedirect = vi.fn(() => Promise.resolve());
    renderWithProviders(protectedRoutes, { path: '/patients', auth: { isLoading: true, loginWithRedirect } });
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(loginWithRedirect).not.toHaveBeenCalled();
  });

  it('sends a signed-out user to sign in, remembering the path and query', () => {
    const loginWithRedirect = vi.fn(() => Promise.resolve());
    renderWithProviders(protectedRoutes, {
      path: '/patients?p=2',
      auth: { isAuthenticated: false, loginWithRedirect },
    });
    expect(loginWithRedirect).toHaveBeenCalledWith({ appState: { returnTo: '/patients?p=2' } });
    expect(screen.queryByText('patient list')).toBeNull();
  });

  it('renders the route for a signed-in user', () => {
    renderWithProviders(protectedRoutes, { path: '/patients', auth: { isAuthenticated: true } });
    expect(screen.getByText('patient list')).toBeTruthy();
  });
});
