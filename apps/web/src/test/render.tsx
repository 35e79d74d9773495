import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { Auth0Context, initialContext } from '@auth0/auth0-react';
import type { Auth0ContextInterface } from '@auth0/auth0-react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { NotifyContext } from '../components/notifications/use-notify.ts';
import type { Notify } from '../components/notifications/use-notify.ts';

type RenderOptions = {
  path?: string;
  auth?: Partial<Auth0ContextInterface>;
  /** Receives the notices the UI shows (instead of the notification stack). */
  notify?: Notify;
};

/**
 * Renders UI with the providers the app puts around it: a router at `path`, a fresh query
 * client without retries, a fresh jotai store, and the Auth0 context with the given overrides
 * (the identity provider is the one boundary tests cannot reach). With `notify`, notices go to it.
 */
export function renderWithProviders(ui: ReactElement, { path = '/', auth = {}, notify }: RenderOptions = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const store = createStore();
  const authValue = { ...initialContext, isLoading: false, ...auth } as Auth0ContextInterface;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Auth0Context.Provider value={authValue}>
      <QueryClientProvider client={queryClient}>
        <JotaiProvider store={store}>
          <NotifyContext.Provider value={notify ?? null}>
            <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
          </NotifyContext.Provider>
        </JotaiProvider>
      </QueryClientProvider>
    </Auth0Context.Provider>
  );
  return { ...render(ui, { wrapper }), queryClient, store };
}
