import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
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
  vi.unstubAllGlobals();
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

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
function idToken(name: string) {
  const now = Math.floor(Date.now() / 1000);
  const claims = { iss: 'http://localhost:8080/', aud: 'client-1', sub: 'hcp-1', iat: now, exp: now + 3600, name };
  return `${base64url({ alg: 'RS256' })}.${base64url(claims)}.c2ln`;
}

function renderProvider(mode: 'built-in' | 'auth0', domain = 'tenant.example') {
  const auth = { mode, domain, clientId: 'client-1', audience: 'https://api.example' };
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

  it('in built-in mode restores a stored session, and a renewal that brings new claims updates the user', async () => {
    const cacheKey = '@@auth0spajs@@::client-1::https://api.example::openid profile email api offline_access';
    const userKey = '@@auth0spajs@@::client-1::@@user@@';
    const expiresAt = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;
    localStorage.setItem(
      cacheKey,
      JSON.stringify({ body: { access_token: 'a1', refresh_token: 'r1' }, expiresAt: expiresAt(900) }),
    );
    localStorage.setItem(
      userKey,
      JSON.stringify({ id_token: 'old', decodedToken: { claims: {}, user: { name: 'Ada Lovelace' } } }),
    );
    const fetch = vi.fn(async () =>
      Response.json({
        access_token: 'a2',
        refresh_token: 'r2',
        id_token: idToken('Ada King'),
        token_type: 'Bearer',
        expires_in: 900,
      }),
    );
    vi.stubGlobal('fetch', fetch);
    renderProvider('built-in', 'http://localhost:8080');
    const text = await screen.findByText('signed in as Ada Lovelace');
    expect(fetch).not.toHaveBeenCalled();

    // The access token runs out; the next API call renews it.
    const entry = JSON.parse(localStorage.getItem(cacheKey)!);
    localStorage.setItem(cacheKey, JSON.stringify({ ...entry, expiresAt: expiresAt(-1) }));
    await act(async () => {
      fireEvent.click(text);
    });
    expect(await screen.findByText('signed in as Ada King')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
