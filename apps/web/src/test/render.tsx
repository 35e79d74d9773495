import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { NotifyContext } from '../components/notifications/use-notify.ts';
import { AuthContext } from '../lib/auth.ts';
import type { AuthState } from '../lib/auth.ts';
import type { Notify } from '../components/notifications/use-notify.ts';

type RenderOptions = {
  path?: string;
  auth?: Partial<AuthState>;
  /** Receives the notices the UI shows (instead of the notification stack). */
  notify?: Notify;
};

/**
 * Renders UI with the providers the app puts around it: a router at `path`, a fresh query
 * client without retries, a fresh jotai store, and the sign-in state (signed out, loaded) with the given overrides
 * (the identity provider is the one boundary tests cannot reach). With `notify`, notices go to it.
 */
export function renderWithProviders(ui: ReactElement, { path = '/', auth = {}, notify }: RenderOptions = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const store = createStore();
  const authValue: AuthState = {
    isLoading: false,
    isAuthenticated: false,
    user: undefined,
    loginWithRedirect: () => Promise.reject(new Error('loginWithRedirect: give one in renderWithProviders')),
    logout: () => Promise.reject(new Error('logout: give one in renderWithProviders')),
    getAccessTokenSilently: () => Promise.reject(new Error('getAccessTokenSilently: give one in renderWithProviders')),
    ...auth,
  };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AuthContext.Provider value={authValue}>
      <QueryClientProvider client={queryClient}>
        <JotaiProvider store={store}>
          <NotifyContext.Provider value={notify ?? null}>
            <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
          </NotifyContext.Provider>
        </JotaiProvider>
      </QueryClientProvider>
    </AuthContext.Provider>
  );
  return { ...render(ui, { wrapper }), queryClient, store };
}
