import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { Auth0Context, initialContext } from '@auth0/auth0-react';
import type { Auth0ContextInterface } from '@auth0/auth0-react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';

type RenderOptions = { path?: string; auth?: Partial<Auth0ContextInterface> };

/**
 * Renders UI with the providers the app puts around it: a router at `path`, a fresh query
 * client without retries, a fresh jotai store, and the Auth0 context with the given overrides
 * (the identity provider is the one boundary tests cannot reach).
 */
export function renderWithProviders(ui: ReactElement, { path = '/', auth = {} }: RenderOptions = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const store = createStore();
  const authValue = { ...initialContext, isLoading: false, ...auth } as Auth0ContextInterface;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Auth0Context.Provider value={authValue}>
      <QueryClientProvider client={queryClient}>
        <JotaiProvider store={store}>
          <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
        </JotaiProvider>
      </QueryClientProvider>
    </Auth0Context.Provider>
  );
  return { ...render(ui, { wrapper }), queryClient, store };
}
