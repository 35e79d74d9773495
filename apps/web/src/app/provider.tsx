import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/system';
import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import type { PublicConfig } from '@auscura/contracts';
import { initErrorReporting } from '../lib/error-reporting.ts';
import { appStore } from '../lib/jotai.ts';
import { getPublicConfig } from '../lib/api/config/get-public-config.ts';
import { PublicConfigContext } from '../lib/public-config.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { theme } from './theme.ts';

// @mui/material's ThemeProvider picks at render time between this plain provider and its CSS-variables
// one (CssVarsProvider, with the colour-scheme storage and script: ~3 KB gzip on the first screen),
// so both ship. The theme declares no CSS variables, so it is given to the plain one as Material's
// does: with `vars: null`, so that no outer theme's variables are inherited.
const plainTheme = { ...theme, vars: null };

/** Everything the app needs above the router: theme, server state, UI state, and the public config. */
export function AppProvider({ initialConfig, children }: { initialConfig: PublicConfig | null; children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [config, setConfig] = useState(initialConfig);
  const configState = useMemo(
    () => ({
      config,
      retry: async () => {
        const next = await getPublicConfig().catch(() => null);
        if (next) {
          void initErrorReporting(next.sentryDsn).catch(() => initErrorReporting(null));
          setConfig(next);
        }
      },
    }),
    [config],
  );

  return (
    <ThemeProvider theme={plainTheme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <JotaiProvider store={appStore}>
          <PublicConfigContext.Provider value={configState}>{children}</PublicConfigContext.Provider>
        </JotaiProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
