// defineConfig comes from 'vitest/config' (the same function as Vite's) and JSX is compiled by Vite's
// built-in oxc transform: the root lint's import-x resolver crashes on any import of 'vite' or
// '@vitejs/plugin-react' (it has no legacy node resolver). Add plugin-react back for Fast Refresh
// once the root config sets an import-x resolver.
import { visualizer } from 'rollup-plugin-visualizer';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Dev and preview servers forward /api to the API process; in production the API serves this build itself.
const apiTarget = process.env.AUSCURA_API_URL ?? 'http://localhost:8080';
// ws: the live exam's WebSocket lives under /api too.
const proxy = { '/api': { target: apiTarget, ws: true } };

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };
const appEntry = path.resolve(import.meta.dirname, 'src/main.tsx');
// One set per chunking pass (the context object is that pass's).
const firstScreenSets = new WeakMap<ModuleGraph, Set<string>>();

/** Every module the entry imports statically, directly or not: what any page needs before its first render. */
function firstScreenModules(graph: ModuleGraph): Set<string> {
  let modules = firstScreenSets.get(graph);
  if (modules) return modules;
  modules = new Set();
  const pending = [appEntry];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (modules.has(id)) continue;
    modules.add(id);
    pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  firstScreenSets.set(graph, modules);
  return modules;
}

export default defineConfig({
  resolve: {
    // 'source' makes @auscura/contracts resolve to its TypeScript source; the rest are Vite's default client conditions.
    conditions: ['source', 'module', 'browser', 'development|production'],
  },
  oxc: { jsx: { runtime: 'automatic' } },
  plugins: [
    // The bundle report: each chunk's modules with their rendered and gzip sizes, read by
    // benchmarks/web/first-screen.mjs for the chunks the first screen loads. Kept out of dist/,
    // which the API serves, and inside build/, which turbo caches with the build.
    visualizer({ filename: 'build/bundle-stats.json', template: 'raw-data', gzipSize: true }),
  ],
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, strictPort: true, proxy },
  build: {
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What the entry imports statically, in one chunk. Left to itself the bundler puts each
            // module that a lazy screen shares with the entry in a chunk of its own: 60-odd chunks
            // on the first screen, each gzipped apart, 16 KB more than the same code in one file.
            {
              name: (id, graph) => (firstScreenModules(graph).has(id) ? 'app' : null),
              priority: 2,
            },
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
