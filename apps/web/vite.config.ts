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

type ModuleInfo = { importedIds: readonly string[]; code: string | null };
type ModuleGraph = { getModuleInfo(id: string): ModuleInfo | null };
const appEntry = path.resolve(import.meta.dirname, 'src/main.tsx');
// One set per chunking pass (the context object is that pass's).
const firstScreenSets = new WeakMap<ModuleGraph, Set<string>>();

/** The name a binding gets in an import or export list: `b` of `a as b`, `a` of `a`. */
const boundName = (part: string) =>
  part
    .trim()
    .split(/\s+as\s+/)
    .pop() ?? '';

/** The local names an import clause binds (`a, { b, c as d }, * as e` gives a, b, d, e). */
function localNames(clause: string): string[] {
  return clause
    .replace(/[{}]/g, ',')
    .split(',')
    .map(boundName)
    .filter((name) => /^[\w$]+$/.test(name));
}

/**
 * The modules `id` imports for its own code, leaving out those it only re-exports (`export … from`,
 * or imported and listed in an `export { … }`): a package's index re-exports everything while the
 * entry may use one export of it and lazy screens the rest (the contracts' index re-exports every
 * resource, react-query's its mutations). What the entry does use of a re-exported module the
 * bundler puts in the entry's chunk by itself, as it does for any module the entry imports.
 */
function ownImports(id: string, info: ModuleInfo): readonly string[] {
  if (!info.code) return info.importedIds;
  const code = info.code.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
  const statement = /\b(import|export)\b([^;'"]*?)\bfrom\s*['"]([^'"]+)['"]|\bimport\s*['"]([^'"]+)['"]/g;
  const body = code.replace(statement, '').replace(/\bexport\s*\{[^}]*\}/g, '');
  const used = (name: string) => new RegExp(`(^|[^\\w$.])${name.replace(/\$/g, '\\$')}($|[^\\w$])`).test(body);
  const reexported = new Set<string>();
  const ownCode = new Set<string>();
  for (const [, kind, clause, spec, bare] of code.matchAll(statement)) {
    if (bare) ownCode.add(bare);
    else if (kind === 'export' || !localNames(clause!).some(used)) reexported.add(spec!);
    else ownCode.add(spec!);
  }
  const onlyReexported = [...reexported].filter((spec) => !ownCode.has(spec));
  if (onlyReexported.length === 0) return info.importedIds;
  const stem = (file: string) => file.replace(/\.[cm]?[jt]sx?$/, '');
  const isTarget = (spec: string, other: string) =>
    spec.startsWith('.')
      ? [stem(path.resolve(path.dirname(id), spec)), path.resolve(path.dirname(id), spec, 'index')].includes(
          stem(other),
        )
      : other.includes(`/node_modules/${spec}/`) || stem(other).endsWith(`/node_modules/${spec}`);
  return info.importedIds.filter((other) => !onlyReexported.some((spec) => isTarget(spec, other)));
}

/** Every module the entry imports statically, directly or not, for code that runs: what any page needs before its first render. */
function firstScreenModules(graph: ModuleGraph): Set<string> {
  let modules = firstScreenSets.get(graph);
  if (modules) return modules;
  modules = new Set();
  const pending = [appEntry];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (modules.has(id)) continue;
    modules.add(id);
    const info = graph.getModuleInfo(id);
    if (info) pending.push(...ownImports(id, info));
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
        for (const part of list!.split(',')) names.add(boundName(part));
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

/**
 * MUI's createTheme hands a theme with colour schemes or CSS variables to createThemeWithVars, and
 * any other to createThemeNoVars; its own default theme (built on import by every styled component)
 * and ours (app/theme.ts) have neither, yet the reference ships createThemeWithVars and the CSS
 * variables machinery it pulls in (~4 KB gzip). In the web build createTheme is createThemeNoVars
 * for those themes, exactly what the original does with them, and refuses the others loudly.
 */
function muiThemesWithoutCssVars(): Plugin {
  const createTheme = /[\\/]@mui[\\/]material[\\/]styles[\\/]createTheme\.mjs$/;
  return {
    name: 'auscura:mui-themes-without-css-vars',
    apply: 'build',
    load(id) {
      if (!createTheme.test(id)) return null;
      const original = fs.readFileSync(id, 'utf8');
      // The branch this stands for: if MUI changes it, stop the build rather than ship a different theme.
      if (
        !/if \(cssVariables === false\) \{\s*if \(!\('colorSchemes' in options\)\) \{[^}]*return createThemeNoVars\(options, \.\.\.args\);/.test(
          original,
        )
      ) {
        this.error(`${id} no longer has the branch auscura:mui-themes-without-css-vars reproduces`);
      }
      return [
        'import createThemeNoVars from "./createThemeNoVars.mjs";',
        'export default function createTheme(options = {}, ...args) {',
        "  if (options.cssVariables || 'colorSchemes' in options) {",
        '    throw new Error("MUI: themes with colour schemes or CSS variables are left out of the web build (vite.config.ts)");',
        '  }',
        '  return createThemeNoVars(options, ...args);',
        '}',
      ].join('\n');
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
    muiThemesWithoutCssVars(),
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
}));
