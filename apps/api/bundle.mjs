// Bundles the server into one file (dist/server.bundle.js): Node 20 has no module compile cache,
// and loading hundreds of small modules was a quarter of the start-up time (see
// benchmarks/RESULTS.md). PGlite stays external: it loads its WASM and data files from its
// own package folder.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.bundle.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  conditions: ['source'],
  external: ['@electric-sql/pglite', 'pg-native'],
  // CommonJS dependencies (fastify, pg, …) call require(); give the ESM bundle one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
