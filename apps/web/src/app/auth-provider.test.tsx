import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { useAuth } from '../lib/auth.ts';
import { AuthProvider } from './auth-provider.tsx';

// The Auth0 SDK is the one boundary here: its provider's props are recorded and its state is given.
const sdk = vi.hoisted(() => ({
  providerProps: [] as Record<string, unknown>[],
  getAccessTokenSilently: vi.fn(() => Promise.resolve('sdk-token')),
}));
vi.mock('@auth0/auth0-react', () => ({
  Auth0Provider: ({ children, ...props }: { children: ReactNode }) => {
    sdk.providerProps.push(props);
    return children;
  },
  useAuth0: () => ({
    isLoading: false,
    isAuthenticated: true,
    user: { name: 'Ada Lovelace' },
    loginWithRedirect: vi.fn(),
    logout: vi.fn(),
    getAccessTokenSilently: sdk.getAccessTokenSilently,
  }),
}));

afterEach(() => {
  cleanup();
  sdk.providerProps.length = 0;
  localStorage.clear();
});

function Probe() {
  const { isLoading, isAuthenticated, user, getAccessTokenSilently } = useAuth();
  if (isLoading) return <p>loading</p>;
  return (
    <p onClick={() => void getAccessTokenSilently()}>
      {isAuthenticated ? `signed in as ${String(user?.name)}` : 'signed out'}
    </p>
  );
}

function renderProvider(mode: 'built-in' | 'auth0') {
  const auth = { mode, domain: 'tenant.example', clientId: 'client-1', audience: 'https://api.example' };
  render(
    <MemoryRouter>
      <AuthProvider auth={auth}>
        <Probe />
      </AuthProvider>
    </MemoryRouter>,
  );
}

describe('the sign-in provider', () => {
  it('in Auth0 mode loads the Auth0 SDK with refresh tokens in local storage, and passes its state on', async () => {
    renderProvider('auth0');
    const text = await screen.findByText('signed in as Ada Lovelace');
    expect(sdk.providerProps[0]).toMatchObject({
      domain: 'tenant.example',
      clientId: 'client-1',
      useRefreshTokens: true,
      cacheLocation: 'localstorage',
      authorizationParams: {
        audience: 'https://api.example',
        scope: 'openid profile email api offline_access',
        redirect_uri: `${window.location.origin}/auth-callback`,
      },
    });
    text.click();
    expect(sdk.getAccessTokenSilently).toHaveBeenCalled();
  });

  it('in built-in mode never renders the Auth0 SDK, and is signed out without a stored session', async () => {
    renderProvider('built-in');
    await waitFor(() => expect(screen.getByText('signed out')).toBeTruthy());
    expect(sdk.providerProps).toHaveLength(0);
  });
});
