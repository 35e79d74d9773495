// defineConfig comes from 'vitest/config' (the same function as Vite's) and JSX is compiled by Vite's
// built-in oxc transform: the root lint's import-x resolver crashes on any import of 'vite' or
// '@vitejs/plugin-react' (it has no legacy node resolver). Add plugin-react back for Fast Refresh
// once the root config sets an import-x resolver.
import { visualizer } from 'rollup-plugin-visualizer';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vitest/config';

// Dev and preview servers forward /api to the API process; in production the API serves this build itself.
const apiTarget = process.env.AUSCURA_API_URL ?? 'http://localhost:8080';
// ws: the live exam's WebSocket lives under /api too.
const proxy = { '/api': { target: apiTarget, ws: true } };

// react-router's exports map offers its development build (dist/development: the same code with its
// dev warnings switched on) under every condition; the production build beside it is unexported.
// The build takes that one by path, the dev server keeps the warnings.
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);
const productionAliases = [
  { find: /^react-router$/, replacement: path.join(reactRouterProduction, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterProduction, 'dom-export.mjs') },
];

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[]; code: string | null } | null };
const appEntry = path.resolve(import.meta.dirname, 'src/main.tsx');
// One set per chunking pass (the context object is that pass's).
const firstScreenSets = new WeakMap<ModuleGraph, Set<string>>();

/** A module of re-exports only (a package's index): nothing but import and export-from statements. */
function isBarrel(code: string | null): boolean {
  if (!code) return false;
  const rest = code
    .replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '')
    .replace(/\b(import|export)\b[^;'"]*?\bfrom\s*(['"])[^'"]*\2\s*;?/g, '')
    .replace(/\bexport\s*\{[^}]*\}\s*;?/g, '');
  return rest.trim() === '';
}

/**
 * Every module the entry imports statically, directly or not: what any page needs before its first
 * render. A barrel's modules are not followed: the entry may use one export of it and lazy screens
 * the rest (the contracts' index re-exports every resource, react-query's its mutations); the
 * bundler itself puts the ones the entry uses in the entry's chunk.
 */
function firstScreenModules(graph: ModuleGraph): Set<string> {
  let modules = firstScreenSets.get(graph);
  if (modules) return modules;
  modules = new Set();
  const pending = [appEntry];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (modules.has(id)) continue;
    modules.add(id);
    const info = graph.getModuleInfo(id);
    if (info && !isBarrel(info.code)) pending.push(...info.importedIds);
  }
  firstScreenSets.set(graph, modules);
  return modules;
}

/**
 * Classic zod gives every schema a `toJSONSchema()` method and the Standard Schema `jsonSchema`
 * converters, so its JSON Schema generator (core/to-json-schema.js, core/json-schema-processors.js:
 * ~6 KB gzip) ships with the first schema even though the web app never generates a JSON Schema
 * (the API does, for its OpenAPI document). In the web build those two modules export the same
 * names, each throwing if ever called; the converter factories, which classic calls when it builds
 * a schema's `~standard` object, return such a function. Parsing does not touch them.
 */
function zodWithoutJsonSchema(): Plugin {
  const generator = /[\\/]zod[\\/]v4[\\/]core[\\/](to-json-schema|json-schema-processors)\.js$/;
  return {
    name: 'auscura:zod-without-json-schema',
    apply: 'build',
    load(id) {
      if (!generator.test(id)) return null;
      const source = fs.readFileSync(id, 'utf8');
      const names = new Set<string>();
      for (const [, name] of source.matchAll(/^export (?:const|function|class) (\w+)/gm)) names.add(name!);
      for (const [, list] of source.matchAll(/^export \{([^}]*)\}/gm)) {
        for (const part of list!.split(',')) names.add(part.trim().split(/\s+as\s+/).pop()!);
      }
      names.delete('');
      const lines = [
        'const unavailable = () => { throw new Error("zod: JSON Schema generation is left out of the web build (vite.config.ts)"); };',
      ];
      for (const name of names) {
        if (name.startsWith('create')) lines.push(`export const ${name} = () => unavailable;`);
        else if (name === 'allProcessors') lines.push(`export const ${name} = {};`);
        else lines.push(`export const ${name} = unavailable;`);
      }
      return lines.join('\n');
    },
  };
}

export default defineConfig(({ command }) => ({
  resolve: {
    // 'source' makes @auscura/contracts resolve to its TypeScript source; the rest are Vite's default client conditions.
    conditions: ['source', 'module', 'browser', 'development|production'],
    alias: command === 'build' ? productionAliases : [],
  },
  oxc: { jsx: { runtime: 'automatic' } },
  plugins: [
    zodWithoutJsonSchema(),
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
      treeshake: { moduleSideEffects: [{ test: /packages[\/]contracts[\/]src[\/]/, sideEffects: false }] },
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
}));
