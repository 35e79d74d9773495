// Bundles the server into one file (dist/server.bundle.js): Node 20 has no module compile cache,
// and loading hundreds of small modules was ~0.8 s of the 4 s of CPU a start took (see
// benchmarks/history/2026-11-results-journal.md, "Server start-up"). PGlite stays external: it
// loads its WASM and data files from its own package folder. The recording worker is a second
// entry (dist/recording-worker.bundle.js, started with worker_threads from beside the server
// bundle); the audio engine stays external for the same reason as PGlite (it reads
// build/engine.wasm relative to its own module).
import { build } from 'esbuild';

await build({
  entryPoints: {
    'server.bundle': 'src/server.ts',
    'recording-worker.bundle': 'src/audio/worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  conditions: ['source'],
  // Twilio's SDK is loaded only when TWILIO_* is set, and AWS's S3 client only with RECORDINGS_S3_*,
  // from node_modules: bundling them would add megabytes every deployment loads and parses for nothing.
  external: [
    '@electric-sql/pglite',
    'pg-native',
    '@auscura/audio-engine',
    '@auscura/audio-engine/*',
    'twilio',
    '@aws-sdk/client-s3',
    // pdfkit reads its font metrics from its own package folder, and is loaded on the first PDF report only.
    'pdfkit',
  ],
  // CommonJS dependencies (fastify, …) call require(); give the ESM bundle one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
