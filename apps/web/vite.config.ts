// defineConfig comes from 'vitest/config' (the same function as Vite's) and JSX is compiled by Vite's
// built-in oxc transform: the root lint's import-x resolver crashes on any import of 'vite' or
// '@vitejs/plugin-react' (it has no legacy node resolver). Add plugin-react back for Fast Refresh
// once the root config sets an import-x resolver.
import { defineConfig } from 'vitest/config';

// Dev and preview servers forward /api to the API process; in production the API serves this build itself.
const apiTarget = process.env.AUSCURA_API_URL ?? 'http://localhost:8080';
// ws: the live exam's WebSocket lives under /api too.
const proxy = { '/api': { target: apiTarget, ws: true } };

export default defineConfig({
  resolve: {
    // 'source' makes @auscura/contracts resolve to its TypeScript source; the rest are Vite's default client conditions.
    conditions: ['source', 'module', 'browser', 'development|production'],
  },
  oxc: { jsx: { runtime: 'automatic' } },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, strictPort: true, proxy },
  build: {
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The shell's navigation list and the lazy screens that show lists share MUI's list
            // modules. Split automatically they became four small chunks (each gzipped on its own,
            // ~1.2 KB more on the first screen); kept together they are one.
            {
              name: 'mui-list',
              test: /@mui[\\/]material[\\/](esm[\\/])?(List|ListItem|ListItemButton|ListItemText|ListItemIcon)[\\/]/,
            },
          ],
        },
      },
      onLog(level, log, handler) {
        // Libraries mark their modules 'use client' for React Server Components; a client-only bundle can drop it.
        if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
        handler(level, log);
      },
    },
  },
});
