import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { PublicConfig } from '@auscura/contracts';
import { AppProvider } from './app/provider.tsx';
import { AppRouter } from './app/router.tsx';
import { initErrorReporting } from './lib/error-reporting.ts';
import { getPublicConfig } from './lib/api/config/get-public-config.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The configuration decides how to sign in, so it is read before the first render. If the
// server cannot be reached the app still starts: public pages work and the rest offers a retry.
const config: PublicConfig | null = await getPublicConfig().catch(() => null);
// Not awaited: Sentry's bundle is large and must not delay the first screen. Until it has loaded,
// and for good if it cannot load, errors go to the API's client-error endpoint.
void initErrorReporting(config?.sentryDsn ?? null).catch(() => initErrorReporting(null));

createRoot(container).render(
  <StrictMode>
    <AppProvider initialConfig={config}>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
